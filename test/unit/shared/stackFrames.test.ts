import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
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

  it('the built page hook ends with the sourceURL the parser skips', () => {
    // `npm test` builds just before this suite; rebuilding here would turn a production dist/ into a dev one.
    const built = join(__dirname, '../../../dist/browser-extension/pageHook.js');
    assert.ok(existsSync(built), `${built} is missing: run \`node scripts/build.mjs\` first (npm test does).`);
    const hook = readFileSync(built, 'utf8');
    assert.ok(hook.trimEnd().endsWith(`\n//# sourceURL=${PAGE_HOOK_SOURCE_URL}`), hook.slice(-200));
  });
});
