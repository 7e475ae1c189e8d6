/** `npm run bench:visual`: the connector's visual diff per replay step (bench/visualDiffFigures.ts says what). */
import { visualDiffFigures } from './visualDiffFigures';

visualDiffFigures().then(
  (figures) => process.stdout.write(`${figures}\n`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
