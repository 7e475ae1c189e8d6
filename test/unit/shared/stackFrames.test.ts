import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_HOOK_SOURCE_URL, parseStack } from '../../../src/shared/stackFrames';

describe('shared: stack frames', () => {
  it("skips our own frames: the extension's scripts and the page hook, named by its sourceURL", () => {
    const stack = [
      'Error',
      `    at fetch (${PAGE_HOOK_SOURCE_URL}:1:2345)`,
      '    at wrapped (chrome-extension://abcdefghijklmnop/bodyHook.js:3:4)',
      '    at load (http://localhost:8080/app.js:12:7)',
    ].join('\n');
    assert.deepEqual(parseStack(stack), [
      { url: 'http://localhost:8080/app.js', line: 12, column: 7, functionName: 'load' },
    ]);
  });

  it('the build names the page hook by the sourceURL the parser skips', () => {
    const build = readFileSync(join(__dirname, '../../../scripts/build.mjs'), 'utf8');
    assert.ok(build.includes(`//# sourceURL=${PAGE_HOOK_SOURCE_URL}`));
  });
});
