import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../../../../src/connector/logging/logger';
import { runKeeper } from '../../../../src/connector/evidence/runKeeper';
import { RunStore } from '../../../../src/connector/evidence/runStore';
import type { SavedRecording } from '../../../../src/connector/recordings/recordingLibrary';
import type { RecordedVideo, ReplayRun } from '../../../../src/connector/recordings/replayRunner';
import { until } from '../../../support/until';

const RECORDING = 'rec-0123456789ab';
const recording = { id: RECORDING } as SavedRecording;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

/** A filmed run whose video the test settles by hand, as the browser's encoder would later. */
function filmedRun(): { run: ReplayRun; finish: (video: RecordedVideo) => void; fail: (error: Error) => void } {
  let finish!: (video: RecordedVideo) => void;
  let fail!: (error: Error) => void;
  const video = new Promise<RecordedVideo>((resolve, reject) => ([finish, fail] = [resolve, reject]));
  const startedAt = Date.now();
  const run: ReplayRun = {
    verdict: {
      recordingId: RECORDING,
      verdict: 'reproduced',
      summary: 's',
      stepsRun: 1,
      stepsTotal: 1,
      recurring: [],
      gone: [],
      new: [],
      startedAt,
      stepsMs: 5,
      durationMs: 10,
    },
    steps: [{ index: 0, title: 'click #a', startedAt, endedAt: startedAt + 5, ok: true }],
    captures: [],
    dialogs: [],
    video: { still: { step: 0, jpeg: JPEG }, video },
  };
  return { run, finish, fail };
}

describe('runKeeper: the verdict is kept before the video is ready', () => {
  let dir: string;
  let store: RunStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bd-keeper-'));
    store = new RunStore({ dir, maxPerRecording: 10 }, silentLogger);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the run with its still and videoPending at once, then attaches the video when it arrives', async () => {
    const { run, finish } = filmedRun();
    const runId = await runKeeper(store).keep(recording, run);
    const kept = await store.get(RECORDING, runId);
    assert.equal(kept?.videoPending, true);
    assert.equal(kept?.video, null);
    assert.deepEqual(readFileSync(store.pathOf(RECORDING, runId, 'still.jpg')), JPEG);
    assert.ok(!existsSync(store.pathOf(RECORDING, runId, 'webm')));
    const bytes = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]);
    finish({ bytes, mimeType: 'video/webm', width: 640, height: 400, frames: 3, durationMs: 10 });
    await until(async () => (await store.get(RECORDING, runId))?.video !== null, 5_000, 'the attached video');
    const done = await store.get(RECORDING, runId);
    assert.equal(done?.videoPending, undefined);
    assert.deepEqual(done?.video, {
      file: `${runId}.webm`,
      mimeType: 'video/webm',
      durationMs: 10,
      width: 640,
      height: 400,
      bytes: 4,
    });
    assert.deepEqual([...readFileSync(store.pathOf(RECORDING, runId, 'webm'))], [...bytes]);
  });

  it('a video that fails leaves the run with its reason, no longer pending', async () => {
    const { run, fail } = filmedRun();
    const runId = await runKeeper(store).keep(recording, run);
    fail(new Error('The video failed: the tab sent no frame during the replay. Replay again.'));
    await until(async () => !(await store.get(RECORDING, runId))?.videoPending, 5_000, 'the failure recorded');
    const done = await store.get(RECORDING, runId);
    assert.equal(done?.video, null);
    assert.match(done?.videoError ?? '', /the tab sent no frame/);
  });
});
