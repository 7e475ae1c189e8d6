import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../../..');
const prettier = resolve(root, 'node_modules/prettier/bin/prettier.cjs');

function check(path: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [prettier, '--check', path], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('formatting (npm run lint)', function () {
  this.timeout(60_000);

  it('runs Prettier as part of lint', () => {
    const scripts = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).scripts;
    assert.match(scripts.lint, /prettier --check \./);
  });

  it('fails on an unformatted source file', () => {
    const planted = resolve(root, 'src/shared/__plantedUnformatted.ts');
    writeFileSync(planted, 'export const  planted = { a:1,b : 2 }\n');
    try {
      const result = check('src/shared/__plantedUnformatted.ts');
      assert.notEqual(result.status, 0, result.output);
      assert.match(result.output, /__plantedUnformatted\.ts/);
    } finally {
      rmSync(planted, { force: true });
    }
  });

  it('passes the same file once formatted', () => {
    const planted = resolve(root, 'src/shared/__plantedFormatted.ts');
    writeFileSync(planted, 'export const planted = { a: 1, b: 2 };\n');
    try {
      assert.equal(check('src/shared/__plantedFormatted.ts').status, 0);
    } finally {
      rmSync(planted, { force: true });
    }
  });
});
