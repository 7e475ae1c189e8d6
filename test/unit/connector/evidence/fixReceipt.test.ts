import assert from 'node:assert/strict';
import type { RunRecord } from '../../../../src/shared/evidence';
import { fixReceipt } from '../../../../src/connector/evidence/fixReceipt';
import { markdownText } from '../../../../src/connector/evidence/markdownText';

const HOSTILE =
  'Order failed <img src=x onerror=alert(1)> [click](https://evil.example) ![x](http://evil/x.png) www.evil.com | `code` **bold**\u202e';

function run(runId: string, verdict: RunRecord['verdict']['verdict'], problems: string[]): RunRecord {
  const list = problems.map((text) => ({ kind: 'error' as const, text, key: text, step: 1 }));
  return {
    runId,
    recordingId: 'rec-0123456789ab',
    startedAt: Date.UTC(2026, 10, 28, 10),
    durationMs: 2500,
    verdict: {
      recordingId: 'rec-0123456789ab',
      verdict,
      summary: '',
      stepsRun: 2,
      stepsTotal: 2,
      recurring: verdict === 'reproduced' ? list : [],
      gone: [],
      new: verdict === 'reproduced' ? [] : list,
      startedAt: 0,
      stepsMs: 2000,
      durationMs: 2500,
    },
    steps: [
      { index: 0, title: 'navigate to http://shop/', startMs: 0, endMs: 900, ok: true },
      { index: 1, title: 'click aria/Add <b>', startMs: 900, endMs: 1800, ok: true },
    ],
    events: [
      {
        kind: 'vital',
        name: 'LCP',
        value: verdict === 'reproduced' ? 3000 : 1200,
        rating: verdict === 'reproduced' ? 'poor' : 'good',
        atMs: 1,
        step: 0,
      },
      // The failing run met a confirm() whose message is page text.
      ...(verdict === 'reproduced'
        ? [
            {
              kind: 'dialog' as const,
              type: 'confirm' as const,
              message: problems[0] ?? '',
              answer: 'accepted' as const,
              atMs: 950,
              step: 1,
            },
          ]
        : []),
    ],
    ...(verdict === 'reproduced' ? { firstFailingStep: 1 } : {}),
    video: null,
    visualChanges:
      verdict === 'reproduced'
        ? []
        : [
            {
              step: 1,
              box: { x: 1, y: 2, width: 30, height: 40 },
              element: 'button#add',
              component: { name: 'AddButton', source: 'src/Add.tsx:12' },
              pixels: 240,
            },
          ],
  };
}

describe('fix receipt: Markdown for a pull request', () => {
  it('shows reproduced → not reproduced, the gone and new problems, visual changes and vitals', () => {
    const markdown = fixReceipt({
      title: 'quantity 0',
      before: run('run-aaaaaaaaaaaa', 'reproduced', ['Order failed with status 500', 'GET /api/order → 500']),
      after: run('run-bbbbbbbbbbbb', 'not reproduced', ['a new warning']),
      origin: 'http://127.0.0.1:3025',
    });
    assert.match(markdown, /\*\*reproduced → not reproduced\*\*/);
    assert.match(
      markdown,
      /\*\*Gone \(2\)\*\*\n\n- error: Order failed with status 500\n- error: GET \\\/api\\\/order → 500/,
    );
    assert.match(markdown, /\*\*New \(1\)\*\*\n\n- error: a new warning/);
    assert.match(markdown, /- step 2: button\\#add in AddButton \(src\\\/Add\\\.tsx\\:12\), 30×40 at 1,2/);
    assert.match(markdown, /### Dialogs\n\n- before, step 2: confirm Order failed with status 500 \(accepted\)\n\n/);
    assert.match(markdown, /\| LCP \| 3000 ms \(poor\) \| 1200 ms \(good\) \|/);
    assert.match(markdown, /\| Failing step \| step 2: click aria\\\/Add &lt;b&gt; \| – \|/);
  });

  it('writes page text as literal Markdown: no HTML, link, image, autolink or table cell comes from the page', () => {
    const markdown = fixReceipt({
      title: HOSTILE,
      before: run('run-aaaaaaaaaaaa', 'reproduced', [HOSTILE]),
      after: run('run-bbbbbbbbbbbb', 'not reproduced', []),
      origin: 'http://127.0.0.1:3025',
    });
    for (const injected of ['<img', '](https://evil', '![x](', 'www.evil', '**bold**', '`code`', '\u202e'])
      assert.ok(!markdown.includes(injected), `${injected} is not in the receipt`);
    assert.equal(markdownText('a|b'), 'a\\|b');
    assert.equal(markdownText('<b>&'), '&lt;b&gt;&amp;');
    assert.equal(markdownText('x\u200by'), 'x\\\\u\\{200b\\}y');
  });
});
