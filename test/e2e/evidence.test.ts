import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describeStep } from '../../src/connector/recordings/timeline';
import type { RunTimeline } from '../../src/shared/evidence';
import { callerHeaders } from '../support/callerSecret';
import { get, post, request } from '../support/http';
import { call, textOf } from '../support/mcp';
import { until } from './support/chromium';
import { recordingRig } from './support/recordingRig';

/** The bytes of a connector path, with the caller's proof (the HTTP helper reads text). */
async function bytesOf(port: number, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { ...callerHeaders(), ...headers } });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** The run's timeline, once its video is encoded and attached (the verdict answers before that). */
async function videoReady(port: number, id: string, runId: string): Promise<RunTimeline> {
  let timeline: RunTimeline | undefined;
  await until(
    async () => {
      timeline = (await get(port, `/recordings/${id}/runs/${runId}/timeline`)).json as RunTimeline;
      return !timeline.videoPending;
    },
    60_000,
    `the video of ${runId}`,
    100,
  );
  return timeline!;
}

describe('evidence of a fix: runs, video on the run clock, timeline, receipt', function () {
  this.timeout(180_000);
  const rig = recordingRig();
  let id = '';
  let failingRun = '';

  /** The checkout error of the shop reached the connector. */
  const orderFailed = () =>
    rig.connector.connector.services.store.query(
      ['consoleErrors'],
      (entry) => entry.message.includes('Order failed'),
      5,
    ).matched;

  before(async () => {
    await rig.page.goto(`${rig.shop.origin}/`);
    const started = await post(rig.connector.port, '/recordings', { title: 'quantity 0 breaks checkout' });
    id = started.json.id;
    await until(
      () => rig.page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))),
      10_000,
      'the Recording badge',
    );
    await rig.page.fill('#user', 'alice');
    await rig.page.click('button:has-text("Sign in")');
    await rig.page.waitForSelector('#qty');
    await rig.page.fill('#qty', '0');
    await rig.page.click('[data-testid="add"]');
    await until(() => orderFailed() > 0, 10_000, 'the checkout error');
    const stopped = await post(rig.connector.port, `/recordings/${id}/stop`, {});
    assert.equal(stopped.status, 200, JSON.stringify(stopped.json));
  });

  it('a filmed replay of the bug: a runId, the verdict, and the failing step as an image for the model', async () => {
    const result = await rig.mcp.callTool({ name: 'replay_recording', arguments: { id, video: true } }, undefined, {
      timeout: 120_000,
    });
    const text = textOf(result as never);
    assert.ok(!result.isError, text);
    assert.match(text, /^Verdict: REPRODUCED/);
    failingRun = /Run: (run-[0-9a-f]{12})/.exec(text)?.[1] ?? '';
    assert.ok(failingRun, text);
    // The verdict did not wait for the encoder: the video is still pending, the still is there already.
    assert.match(text, /Video: still encoding; GET \/recordings\/rec-\w+\/runs\/run-\w+\/video answers 409/);
    const image = (result.content as { type: string; mimeType?: string; data?: string }[]).find(
      (c) => c.type === 'image',
    );
    assert.equal(image?.mimeType, 'image/jpeg', text);
    assert.deepEqual([...Buffer.from(image!.data!, 'base64').subarray(0, 2)], [0xff, 0xd8], 'a JPEG');
  });

  it('the timeline: one chapter per step on the run clock, the error inside its step’s chapter', async () => {
    const timeline = await videoReady(rig.connector.port, id, failingRun);
    const detail = await get(rig.connector.port, `/recordings/${id}`);
    const steps = detail.json.flow.steps as { type: string; [field: string]: unknown }[];
    assert.deepEqual(
      Object.keys(timeline).filter((key) => key !== 'runId' && key !== 'recordingId'),
      ['startedAt', 'durationMs', 'chapters', 'events', 'video', 'videoPending', 'visualChanges'],
    );
    assert.equal(timeline.chapters.length, steps.length);
    assert.deepEqual(
      timeline.chapters.map((chapter) => chapter.index),
      steps.map((_, index) => index),
    );
    for (const [index, chapter] of timeline.chapters.entries()) {
      assert.equal(chapter.title, describeStep(steps[index]!));
      assert.ok(chapter.startMs <= chapter.endMs && chapter.endMs <= timeline.durationMs);
      if (index) assert.ok(chapter.startMs >= timeline.chapters[index - 1]!.startMs);
    }
    const error = timeline.events.find((event) => event.kind === 'console' && event.text.includes('Order failed'));
    assert.ok(error, JSON.stringify(timeline.events));
    const chapter = timeline.chapters[error.step]!;
    assert.match(chapter.title, /click|keyDown|keyUp/, 'the error follows the Add click');
    const end = timeline.chapters[error.step + 1]?.startMs ?? timeline.durationMs;
    assert.ok(chapter.startMs <= error.atMs && error.atMs <= end, `${error.atMs} in [${chapter.startMs}, ${end}]`);
    const failed = timeline.events.find((event) => event.kind === 'network' && event.url.endsWith('/api/order'));
    assert.ok(failed && failed.kind === 'network' && failed.status === 500 && failed.failed);
    assert.equal(timeline.video?.mimeType, 'video/webm');
    assert.deepEqual(timeline.visualChanges, []);
  });

  it('the video plays in Chromium for about as long as the run, and is served with ranges', async () => {
    const timeline = await videoReady(rig.connector.port, id, failingRun);
    const video = await bytesOf(rig.connector.port, timeline.video!.url);
    assert.equal(video.status, 200);
    assert.equal(video.type, 'video/webm');
    const ranged = await bytesOf(rig.connector.port, timeline.video!.url, { range: 'bytes=0-99' });
    assert.equal(ranged.status, 206);
    assert.equal(ranged.body.length, 100);
    const played = await rig.page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const element = document.createElement('video');
      element.muted = true;
      element.src = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
      document.body.append(element);
      await new Promise((resolve, reject) => {
        element.onloadedmetadata = resolve;
        element.onerror = () => reject(new Error(`video error ${element.error?.code}`));
      });
      if (element.duration === Infinity) {
        element.currentTime = 1e9;
        await new Promise((resolve) => (element.ondurationchange = resolve));
      }
      const duration = element.duration;
      element.currentTime = 0;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const playedTo = element.currentTime;
      element.remove();
      return { duration, width: element.videoWidth, height: element.videoHeight, playedTo };
    }, video.body.toString('base64'));
    const runMs = timeline.durationMs;
    assert.ok(
      Math.abs(played.duration * 1000 - runMs) <= runMs * 0.3,
      `video ${played.duration * 1000} ms, run ${runMs} ms`,
    );
    assert.ok(played.width > 0 && played.height > 0 && played.playedTo > 0, JSON.stringify(played));
  });

  it('after the fix: a passing run, and a receipt that shows fail → pass with the error gone', async () => {
    rig.shop.fixed = true;
    try {
      const replayed = await post(rig.connector.port, `/recordings/${id}/replay`, { video: true });
      assert.equal(replayed.status, 200, JSON.stringify(replayed.json));
      assert.equal(replayed.json.verdict, 'not reproduced', replayed.json.summary);
      assert.match(replayed.json.runId, /^run-[0-9a-f]{12}$/);
      const runs = await get(rig.connector.port, `/recordings/${id}/runs`);
      assert.deepEqual(
        runs.json.runs.map((run: { runId: string; verdict: string }) => [run.runId, run.verdict]),
        [
          [replayed.json.runId, 'not reproduced'],
          [failingRun, 'reproduced'],
        ],
      );
      const receipt = await get(rig.connector.port, `/recordings/${id}/receipt`);
      assert.equal(receipt.status, 200, receipt.text);
      assert.equal(receipt.json.before, failingRun);
      assert.equal(receipt.json.after, replayed.json.runId);
      assert.equal(receipt.json.fixed, true);
      const markdown = receipt.json.markdown as string;
      // Kept for reading (docs and notes quote a real one); never written into docs/.
      const artifacts = resolve(__dirname, '../../.test-artifacts');
      mkdirSync(artifacts, { recursive: true });
      writeFileSync(join(artifacts, 'fix-receipt.md'), markdown);
      assert.match(markdown, /\*\*reproduced → not reproduced\*\*/);
      assert.match(markdown, /\*\*Gone \(2\)\*\*\n\n(- .*\n)*- error: .*Order failed with status 500/);
      assert.match(
        markdown,
        /\[run-\w+\.webm\]\(http:\/\/127\.0\.0\.1:\d+\/recordings\/rec-\w+\/runs\/run-\w+\/video\)/,
      );
      assert.match(markdown, /!\[step \d+\]\(http:\/\/127\.0\.0\.1:\d+\/recordings\/rec-\w+\/runs\/run-\w+\/still\)/);
      const tool = textOf(await call(rig.mcp, 'export_fix_receipt', { id }));
      assert.match(tool, /^The fix verifies: run-\w+ failed, run-\w+ passed\./);
      assert.match(tool, /reproduced → not reproduced/);
      const still = await bytesOf(rig.connector.port, `/recordings/${id}/runs/${failingRun}/still`);
      assert.equal(still.type, 'image/jpeg');
      assert.equal((await videoReady(rig.connector.port, id, replayed.json.runId)).video?.mimeType, 'video/webm');
    } finally {
      rig.shop.fixed = false;
    }
  });

  it('the verdict answers while the video encodes (409 until then), and a replay right after queues its video', async () => {
    const first = await post(rig.connector.port, `/recordings/${id}/replay`, { video: true });
    assert.equal(first.status, 200, JSON.stringify(first.json));
    const pending = await get(rig.connector.port, `/api/v1/recordings/${id}/runs/${first.json.runId}/video`);
    assert.equal(pending.status, 409, pending.text);
    assert.equal(pending.json.status, 'error');
    assert.equal(pending.json.error.code, 'CONFLICT');
    assert.match(pending.json.error.message, /still encoding: retry in a few seconds/);
    const listed = await get(rig.connector.port, `/recordings/${id}/runs`);
    const line = listed.json.runs.find((run: { runId: string }) => run.runId === first.json.runId);
    // Pending, or already attached if the encoder finished since: never both, never neither.
    assert.ok(
      [line.hasVideo, line.videoPending].join() === 'false,true' ||
        [line.hasVideo, line.videoPending].join() === 'true,false',
      JSON.stringify(line),
    );
    // The still of the failing step is there at once.
    const still = await bytesOf(rig.connector.port, `/recordings/${id}/runs/${first.json.runId}/still`);
    assert.equal(still.type, 'image/jpeg');
    // A second filmed replay while the first video may still be encoding: both videos arrive.
    const second = await post(rig.connector.port, `/recordings/${id}/replay`, { video: true });
    assert.equal(second.status, 200, JSON.stringify(second.json));
    for (const runId of [first.json.runId as string, second.json.runId as string]) {
      const timeline = await videoReady(rig.connector.port, id, runId);
      assert.equal(timeline.video?.mimeType, 'video/webm', runId);
      const video = await bytesOf(rig.connector.port, timeline.video!.url);
      assert.equal(video.status, 200, runId);
      assert.deepEqual([...video.body.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'an EBML (WebM) header');
      assert.ok(
        Math.abs(timeline.video!.durationMs - timeline.durationMs) <= 0.3 * timeline.durationMs,
        `video ${timeline.video!.durationMs} ms, run ${timeline.durationMs} ms`,
      );
    }
  });

  it('keeps runs as 0600 files, and answers unknown or malformed run ids in the envelope', async () => {
    const folder = join(rig.recordingsDir, 'runs', id);
    const names = readdirSync(folder);
    assert.equal(names.filter((name) => name.endsWith('.json')).length, 4);
    assert.equal(names.filter((name) => name.endsWith('.webm')).length, 4);
    for (const name of names) assert.equal(statSync(join(folder, name)).mode & 0o777, 0o600, name);
    const unknown = await get(rig.connector.port, `/api/v1/recordings/${id}/runs/run-000000000000/timeline`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.status, 'error');
    assert.match(unknown.json.error.message, /List its runs with GET \/recordings\/rec-\w+\/runs/);
    const malformed = await get(rig.connector.port, `/recordings/${id}/runs/..%2F..%2Fx/video`);
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json.error.code, 'INVALID_PARAMETER');
    const badVideo = await post(rig.connector.port, `/recordings/${id}/replay`, { video: 'yes' });
    assert.equal(badVideo.json.error.code, 'INVALID_PARAMETER');
    const noRecording = await get(rig.connector.port, '/recordings/rec-000000000000/receipt');
    assert.equal(noRecording.status, 404);
    const toolError = await rig.mcp.callTool({ name: 'export_fix_receipt', arguments: { id, before: 'nope' } });
    assert.ok(toolError.isError);
    assert.match(textOf(toolError as never), /run ids look like run-/);
  });

  it('deleting the recording deletes its runs, videos included', async () => {
    const deleted = await request(rig.connector.port, 'DELETE', `/recordings/${id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.ok(!existsSync(join(rig.recordingsDir, 'runs', id)));
    assert.equal((await get(rig.connector.port, `/recordings/${id}/runs`)).status, 404);
  });
});
