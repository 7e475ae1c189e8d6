/**
 * The Replay viewer's data: a run's timeline in issue #35's shape (GET /recordings/{id}/runs/{runId}/timeline) and
 * its video, read over real HTTP from a stand-in for the connector's run routes (the evidence branch serves them).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRun } from '../../../../src/vscode/replayViewer/runData';
import { callerHeaders } from '../../../support/callerSecret';
import { listenOnLoopback } from '../../../support/staticFiles';

const RECORDING = 'rec-0123456789ab';
const OLD_RUN = 'run-aaaaaaaaaaaa';
const NEW_RUN = 'run-bbbbbbbbbbbb';
const VIDEO = Buffer.from('\x1aE\xdf\xa3 a WebM header and frames');

function timeline(videoUrl = `/recordings/${RECORDING}/runs/${NEW_RUN}/video`) {
  return {
    startedAt: 1_700_000_000_000,
    durationMs: 4200,
    chapters: [
      { index: 0, title: 'Navigate to http://127.0.0.1/shop', startMs: 0, endMs: 1500 },
      { index: 1, title: 'Click "Checkout"', startMs: 1500, endMs: 4200 },
    ],
    events: [
      { atMs: 1800, step: 1, kind: 'console', level: 'error', text: 'Order failed with status 500', error: true },
      {
        atMs: 1750,
        step: 1,
        kind: 'network',
        method: 'POST',
        url: 'http://127.0.0.1/api/order',
        status: 500,
        failed: true,
      },
      { atMs: 900, step: 0, kind: 'vital', name: 'LCP', value: 420, rating: 'good' },
    ],
    video: { url: videoUrl, mimeType: 'video/webm', durationMs: 4100, width: 1280, height: 800 },
    visualChanges: [
      {
        step: 1,
        box: { x: 24, y: 210, width: 125, height: 45 },
        element: '<button.buy>',
        component: { name: 'CheckoutButton', source: 'src/Checkout.tsx:42', line: 42 },
      },
    ],
  };
}

describe('Replay viewer: reading a run from the connector', () => {
  let folder: string;
  let served: Record<string, unknown>;
  let secretSeen: string[];
  let site: Awaited<ReturnType<typeof listenOnLoopback>>;

  before(async () => {
    site = await listenOnLoopback(
      createServer((req, res) => {
        const [name, value] = Object.entries(callerHeaders())[0]!;
        secretSeen.push(req.headers[name.toLowerCase()] === value ? 'secret' : 'none');
        const body = served[req.url ?? ''];
        if (Buffer.isBuffer(body)) return res.writeHead(200, { 'content-type': 'video/webm' }).end(body);
        if (body === undefined)
          return res
            .writeHead(404, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No such run.' } }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }),
    );
  });
  beforeEach(() => {
    folder = join(mkdtempSync(join(tmpdir(), 'bd-viewer-')), 'replay-videos');
    secretSeen = [];
    served = {
      [`/recordings/${RECORDING}/runs`]: {
        runs: [
          { runId: OLD_RUN, startedAt: 1 },
          { runId: NEW_RUN, startedAt: 2 },
        ],
      },
      [`/recordings/${RECORDING}/runs/${NEW_RUN}/timeline`]: timeline(),
      [`/recordings/${RECORDING}/runs/${NEW_RUN}/video`]: VIDEO,
    };
  });
  afterEach(() => rmSync(join(folder, '..'), { recursive: true, force: true }));
  after(async () => site?.close());

  it("opens the newest run: its chapters, events and visual changes, and its video saved 0600 with the caller's secret", async () => {
    const run = await loadRun(site.port, folder, RECORDING);
    assert.equal(run.runId, NEW_RUN);
    assert.deepEqual(
      run.timeline.chapters.map((chapter) => [chapter.index, chapter.startMs]),
      [
        [0, 0],
        [1, 1500],
      ],
    );
    assert.equal(run.timeline.events.find((event) => event.error)?.text, 'Order failed with status 500');
    assert.equal(run.timeline.visualChanges[0]?.component?.name, 'CheckoutButton');
    assert.equal(run.videoFile, join(folder, `${NEW_RUN}.webm`));
    assert.deepEqual(readFileSync(run.videoFile!), VIDEO);
    assert.equal(statSync(run.videoFile!).mode & 0o777, 0o600);
    assert.deepEqual(secretSeen, ['secret', 'secret', 'secret']);
  });

  it('opens a named run without a video', async () => {
    served[`/recordings/${RECORDING}/runs/${OLD_RUN}/timeline`] = { ...timeline(), video: null };
    const run = await loadRun(site.port, folder, RECORDING, OLD_RUN);
    assert.equal(run.videoFile, undefined);
    assert.equal(run.timeline.video, null);
  });

  it('says what to do for a recording without runs, a bad run id, a timeline of another shape and a video elsewhere', async () => {
    served[`/recordings/${RECORDING}/runs`] = { runs: [] };
    await assert.rejects(loadRun(site.port, folder, RECORDING), /has no replay yet: replay it first/);
    await assert.rejects(loadRun(site.port, folder, RECORDING, '../../etc'), /Not a run id/);
    served[`/recordings/${RECORDING}/runs/${NEW_RUN}/timeline`] = { chapters: 'none' };
    await assert.rejects(loadRun(site.port, folder, RECORDING, NEW_RUN), /a timeline this viewer cannot read/);
    served[`/recordings/${RECORDING}/runs/${NEW_RUN}/timeline`] = timeline('http://203.0.113.9/video');
    await assert.rejects(loadRun(site.port, folder, RECORDING, NEW_RUN), /on another host; it was not fetched/);
    await assert.rejects(loadRun(site.port, folder, RECORDING, 'run-cccccccccccc'), /No such run/);
  });
});
