import assert from 'node:assert/strict';
import { validateFlow } from '../../../../src/connector/recordings/flowValidation';
import { buildTimeline, errorKey, problemsOf } from '../../../../src/connector/recordings/timeline';
import { judge } from '../../../../src/connector/recordings/verdict';
import { ApiError } from '../../../../src/shared/errors';
import type { StoredEntry } from '../../../../src/shared/protocol';
import type { Problem } from '../../../../src/shared/recording';

const problem = (key: string, step: number, kind: Problem['kind'] = 'error'): Problem => ({
  kind,
  key,
  text: key,
  step,
});
const outcome = { recordingId: 'rec-1', stepsTotal: 4, stepsRun: 4, startedAt: Date.now(), stepsMs: 10 };

describe('recordings: timeline and verdict', () => {
  it('puts every capture after the step it followed, steps first at the same millisecond', () => {
    const steps = [
      { step: { type: 'navigate', url: 'http://localhost/' }, timestamp: 1000 },
      { step: { type: 'click', selectors: [['aria/Add']] }, timestamp: 2000 },
    ];
    const captures = [
      { type: 'console-error', message: 'Boom at 0xdeadbeef12', timestamp: 2000, seq: 1, id: '1', pageLoadId: 'p' },
      {
        type: 'network-request',
        method: 'post',
        url: 'http://localhost/api?x=1',
        status: 500,
        timestamp: 2100,
        seq: 2,
        id: '2',
        pageLoadId: 'p',
      },
      {
        type: 'network-request',
        method: 'GET',
        url: 'http://localhost/ok',
        status: 200,
        timestamp: 2100,
        seq: 3,
        id: '3',
        pageLoadId: 'p',
      },
      {
        type: 'network-request',
        method: 'GET',
        url: 'http://localhost/favicon.ico',
        status: 404,
        timestamp: 1100,
        seq: 4,
        id: '4',
        pageLoadId: 'p',
      },
      { type: 'console-log', level: 'log', message: 'chatter', timestamp: 1500, seq: 5, id: '5', pageLoadId: 'p' },
    ] as StoredEntry[];
    const timeline = buildTimeline(
      { startedAt: 1000, steps, dialogs: [{ timestamp: 2050, text: 'confirm: Sure?' }] },
      captures,
    );
    assert.deepEqual(
      timeline.map((entry) => [entry.kind, entry.step, entry.at]),
      [
        ['step', 0, 0],
        ['console', 0, 500],
        ['step', 1, 1000],
        ['error', 1, 1000],
        ['dialog', 1, 1050],
        ['request', 1, 1100],
      ],
    );
    const problems = problemsOf(timeline);
    assert.deepEqual(
      problems.map((entry) => entry.key),
      ['Boom at #', 'POST http://localhost/api → 500'],
    );
  });

  it('ignores numbers, ids and positions when matching errors', () => {
    assert.equal(errorKey('Error at  app.js:12:7 id 1a2b3c4d5e'), errorKey('Error at app.js:99:1 id ffffeeee00'));
  });

  it('judges reproduced, not reproduced and diverged, with recurring, gone and new', () => {
    const baseline = [problem('A', 2), problem('B', 3, 'request')];
    const again = judge(baseline, [problem('A', 2), problem('C', 1)], outcome);
    assert.equal(again.verdict, 'reproduced');
    assert.deepEqual(
      [again.recurring.map((p) => p.key), again.gone.map((p) => p.key), again.new.map((p) => p.key)],
      [['A'], ['B'], ['C']],
    );
    assert.match(again.summary, /^Reproduced: 1 of the recording's 2 errors/);
    const fixed = judge(baseline, [], outcome);
    assert.equal(fixed.verdict, 'not reproduced');
    assert.equal(fixed.gone.length, 2);
    const diverged = judge(baseline, [problem('A', 0)], {
      ...outcome,
      stepsRun: 1,
      failedStep: { index: 1, type: 'click', reason: 'no element matches #buy' },
    });
    assert.equal(diverged.verdict, 'diverged');
    assert.match(diverged.summary, /^Diverged at step 2 of 4 \(click\): no element matches #buy/);
  });

  it('validates flows with @puppeteer/replay and names the bad step', () => {
    const flow = validateFlow(
      JSON.stringify({
        title: 't',
        steps: [
          { type: 'navigate', url: 'http://x/' },
          { type: 'click', selectors: [['#a']], offsetX: 1, offsetY: 1 },
        ],
      }),
    );
    assert.equal(flow.steps.length, 2);
    for (const [input, pattern] of [
      ['{not json', /not valid JSON/],
      [{ steps: [] }, /no "title"/],
      [{ title: 't', steps: [] }, /no "steps"/],
      [
        { title: 't', steps: [{ type: 'navigate', url: 'http://x/' }, { type: 'teleport' }] },
        /step 2 \(teleport\): Step type teleport is not supported/,
      ],
    ] as const) {
      assert.throws(
        () => validateFlow(input),
        (error: unknown) =>
          error instanceof ApiError && error.code === 'INVALID_PARAMETER' && pattern.test(error.message),
      );
    }
  });
});
