import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** The built standalone connector (`dist/cli.js`) on `port`, once it says it is listening. */
export async function startConnector(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [resolve(__dirname, '../dist/cli.js'), '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((done) =>
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && done()),
  );
  return child;
}

/** Runs a bench's main and exits: 0 when it printed its figures, 1 with the error otherwise. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
