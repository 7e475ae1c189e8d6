import assert from 'node:assert/strict';
import { insightSavings, lcpText, savingText, scriptRefText } from '../../../src/shared/performanceDisplay';

describe('performance display rules (MCP text and dashboard)', () => {
  it('says savings in ms, CLS units, KB and MB', () => {
    assert.equal(savingText('LCP', 319.6), 'LCP 320 ms');
    assert.equal(savingText('CLS', 0.05), 'CLS 0.05');
    assert.equal(savingText('bytes', 120 * 1024), '120 KB');
    assert.equal(savingText('bytes', 3 * 1024 * 1024), '3.0 MB');
    assert.equal(insightSavings({ key: 'k', title: 't', state: 'fail' }), '');
    assert.equal(
      insightSavings({ key: 'k', title: 't', state: 'fail', savings: { FCP: 100, bytes: 2048 } }),
      'FCP 100 ms, 2 KB',
    );
  });

  it('names the LCP element and resource, and a script by function, place and source', () => {
    assert.equal(
      lcpText({ ms: 1274, element: 'img#hero', resourceUrl: '/hero.jpg', phases: [] }),
      'LCP 1274 ms — element img#hero, resource /hero.jpg',
    );
    assert.equal(
      scriptRefText({
        url: 'http://x/app.js',
        functionName: 'run',
        line: 12,
        column: 4,
        source: { path: 'src/app.ts', line: 30, column: 1 },
      }),
      'run http://x/app.js:12:4 (source src/app.ts:30)',
    );
  });
});
