import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunRecord } from '../../../../src/shared/evidence';
import { silentLogger } from '../../../../src/connector/logging/logger';
import { RunStore } from '../../../../src/connector/evidence/runStore';
import { newRunId } from '../../../../src/connector/evidence/runRecord';

const RECORDING = 'rec-0123456789ab';

function run(startedAt: number): RunRecord {
  return {
    runId: newRunId(),
    recordingId: RECORDING,
    startedAt,
    durationMs: 10,
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
    steps: [{ index: 0, title: 'click #a', startMs: 0, endMs: 5, ok: true }],
    events: [],
    video: null,
    visualChanges: [],
  };
}

describe('RunStore: runs kept with their recording', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bd-runs-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the newest runs per recording (oldest first out, its video too), as 0600 files in a 0700 folder', async () => {
    const store = new RunStore({ dir, maxPerRecording: 3 }, silentLogger);
    const runs = [1, 2, 3, 4, 5].map((at) => run(at * 1000));
    for (const [index, kept] of runs.entries()) {
      if (index === 0) {
        await store.save(kept);
        // A video beside the oldest run goes with it.
        writeFileSync(store.pathOf(RECORDING, kept.runId, 'webm'), 'video');
      } else await store.save(kept);
    }
    const listed = await store.list(RECORDING);
    assert.deepEqual(
      listed.map((kept) => kept.runId),
      runs.slice(2).map((kept) => kept.runId),
    );
    const folder = join(dir, RECORDING);
    assert.deepEqual(
      readdirSync(folder).sort(),
      runs
        .slice(2)
        .map((kept) => `${kept.runId}.json`)
        .sort(),
    );
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    for (const name of readdirSync(folder)) assert.equal(statSync(join(folder, name)).mode & 0o777, 0o600);
    assert.deepEqual(await store.get(RECORDING, runs[4]!.runId), runs[4]);
  });

  it('never builds a path from a foreign id, and forgets a deleted recording', async () => {
    const store = new RunStore({ dir, maxPerRecording: 3 }, silentLogger);
    const kept = run(1);
    await store.save(kept);
    assert.equal(await store.get(RECORDING, '../../etc/passwd'), undefined);
    assert.throws(() => store.pathOf(RECORDING, 'run-../x', 'json'), /Not a run id/);
    assert.throws(() => store.folderOf('../rec'), /Not a recording id/);
    await store.forget(RECORDING);
    assert.deepEqual(await store.list(RECORDING), []);
  });
});
