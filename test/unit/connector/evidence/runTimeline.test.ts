import assert from 'node:assert/strict';
import type { StoredEntry } from '../../../../src/shared/protocol';
import type { ReplayRun } from '../../../../src/connector/recordings/replayRunner';
import { runRecordOf } from '../../../../src/connector/evidence/runRecord';
import { runTimeline } from '../../../../src/connector/evidence/runTimeline';

const T0 = 1_000_000;

function entry(fields: Record<string, unknown>, seq: number): StoredEntry {
  return { id: `e${seq}`, seq, pageLoadId: 'p1', tabId: 7, ...fields } as unknown as StoredEntry;
}

const run: ReplayRun = {
  verdict: {
    recordingId: 'rec-0123456789ab',
    verdict: 'reproduced',
    summary: '',
    stepsRun: 3,
    stepsTotal: 3,
    recurring: [{ kind: 'error', text: 'Order failed', key: 'Order failed', step: 2 }],
    gone: [],
    new: [],
    startedAt: T0,
    stepsMs: 900,
    durationMs: 1500,
  },
  steps: [
    { index: 0, title: 'navigate to http://shop/', startedAt: T0 + 5, endedAt: T0 + 300, ok: true },
    { index: 1, title: 'click #a', startedAt: T0 + 320, endedAt: T0 + 500, ok: true },
    { index: 2, title: 'click #add', startedAt: T0 + 510, endedAt: T0 + 900, ok: true },
  ],
  tabId: 7,
  captures: [
    entry({ type: 'page-navigated', url: 'http://shop/', timestamp: T0 + 200 }, 1),
    entry({ type: 'web-vitals', metric: { name: 'LCP', value: 3100 }, timestamp: T0 + 400 }, 2),
    entry(
      { type: 'network-request', method: 'POST', url: 'http://shop/api/order', status: 500, timestamp: T0 + 700 },
      3,
    ),
    entry({ type: 'console-error', message: 'Order failed', timestamp: T0 + 720 }, 4),
    entry(
      { type: 'network-request', method: 'GET', url: 'http://shop/favicon.ico', status: 404, timestamp: T0 + 730 },
      5,
    ),
  ],
  dialogs: [{ type: 'confirm', message: 'Place the order?', openedAt: T0 + 600, answer: 'accepted' }],
};

describe('a run on its own clock: chapters and events', () => {
  it('gives one chapter per step, ending where the next starts, and each event its step and time', () => {
    const record = runRecordOf('rec-0123456789ab', run, 'run-0123456789ab');
    assert.equal(record.firstFailingStep, 2);
    const timeline = runTimeline(record);
    assert.deepEqual(timeline.chapters, [
      { index: 0, title: 'navigate to http://shop/', startMs: 5, endMs: 320 },
      { index: 1, title: 'click #a', startMs: 320, endMs: 510 },
      { index: 2, title: 'click #add', startMs: 510, endMs: 900 },
    ]);
    assert.deepEqual(
      timeline.events.map((event) => [event.kind, event.atMs, event.step]),
      [
        ['navigation', 200, 0],
        ['vital', 400, 1],
        ['dialog', 600, 2],
        ['network', 700, 2],
        ['console', 720, 2],
      ],
      'the favicon request is the browser’s, not the page’s',
    );
    const vital = timeline.events[1]!;
    assert.ok(vital.kind === 'vital' && vital.rating === 'needs-improvement');
    assert.deepEqual(timeline.events[2], {
      atMs: 600,
      step: 2,
      kind: 'dialog',
      type: 'confirm',
      message: 'Place the order?',
      answer: 'accepted',
    });
    const request = timeline.events[3]!;
    assert.ok(request.kind === 'network' && request.failed && request.status === 500);
    assert.equal(timeline.video, null);
    assert.deepEqual(timeline.visualChanges, []);
  });
});
