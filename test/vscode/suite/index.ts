/**
 * Runs inside VS Code's extension host (extensionTestsPath), like @vscode/test-electron's `run()`.
 * Results go to a file in the workspace folder, which the outer test reads and reports.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';

interface Outcome {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  error?: string;
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
  // In name order: suites sharing the one extension host run in a known order (extension*.test.js first).
  for (const file of readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js'))
    .sort())
    mocha.addFile(join(__dirname, file));
  const outcomes: Outcome[] = [];
  const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      writeFileSync(join(folder, '.vscode-test-results.json'), JSON.stringify(outcomes, null, 2));
      if (failures) reject(new Error(`${failures} integration tests failed`));
      else resolve();
    });
    runner.on('pass', (test) => outcomes.push({ title: test.fullTitle(), state: 'passed' }));
    runner.on('fail', (test, error: Error) =>
      outcomes.push({ title: test.fullTitle(), state: 'failed', error: error.stack ?? error.message }),
    );
    runner.on('pending', (test) => outcomes.push({ title: test.fullTitle(), state: 'pending' }));
  });
}
