/**
 * The same in-host suites on a desktop VS Code, for contributors who have one:
 * `npm run test:vscode:desktop`. It downloads VS Code through @vscode/test-electron, which cannot
 * work on our offline CI, so CI runs the suites in code-server instead (test/vscode/integration.test.ts).
 */
import { runTests } from '@vscode/test-electron';
import { join } from 'node:path';
import { buildSuite, copyWorkspace, ROOT, SUITE_OUT } from '../support/suiteBuild';

async function main(): Promise<void> {
  await buildSuite();
  const folder = copyWorkspace();
  await runTests({
    extensionDevelopmentPath: ROOT,
    extensionTestsPath: join(SUITE_OUT, 'index.js'),
    launchArgs: [folder, '--disable-extensions', '--disable-workspace-trust'],
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
