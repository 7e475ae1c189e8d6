import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingLibrary } from '../../../../src/connector/recordings/recordingLibrary';
import { silentLogger } from '../../../../src/connector/logging/logger';
import { startTestConnector, type TestConnector } from '../../../support/connector';
import { get, request } from '../../../support/http';

const FLOW = { title: 'Saved', steps: [{ type: 'navigate', url: 'http://localhost:5173/' }] };

describe('recording ids are checked before any path is built', () => {
  let t: TestConnector;
  let root: string;
  let dir: string;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'bd-rec-ids-'));
    dir = join(root, 'recordings');
    mkdirSync(dir);
    // A saved file whose id points elsewhere: a later save (after a replay) would write there.
    writeFileSync(
      join(dir, 'rec-planted.json'),
      JSON.stringify({ id: '../escaped', title: 'planted', startedAt: 1, flow: FLOW, timeline: [] }),
    );
    t = await startTestConnector({ recordings: { dir, maxRecordings: 10 } });
  });
  after(async () => {
    await t.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('HTTP: an id that is not rec-… gets INVALID_PARAMETER in both envelopes, for read, delete, stop and replay', async () => {
    for (const id of ['..%2F..%2Fetc%2Fpasswd', 'rec-..%2Fx', 'rec-a%00b', '%E2%80%AErec-1', 'x'.repeat(300)]) {
      for (const [method, path] of [
        ['GET', `/api/v1/recordings/${id}`],
        ['DELETE', `/api/v1/recordings/${id}`],
        ['POST', `/api/v1/recordings/${id}/stop`],
        ['POST', `/api/v1/recordings/${id}/replay`],
      ] as const) {
        const answer = await request(t.port, method, path, method === 'POST' ? { body: {} } : {});
        assert.equal(answer.status, 400, `${method} ${path}: ${answer.text}`);
        assert.equal(answer.json.status, 'error');
        assert.equal(answer.json.error.code, 'INVALID_PARAMETER', answer.text);
        assert.match(answer.json.error.message, /ids look like rec-/);
      }
      const a = await get(t.port, `/recordings/${id}`);
      assert.equal(a.status, 400);
      assert.equal(a.json.error.code, 'INVALID_PARAMETER', a.text);
    }
  });

  it('a saved file whose id is not its own name is skipped, and nothing is written outside the folder', async () => {
    const listed = await get(t.port, '/api/v1/recordings');
    assert.deepEqual(listed.json.data.recordings, []);
    assert.equal(existsSync(join(root, 'escaped.json')), false);
    assert.deepEqual(readdirSync(root), ['recordings']);
  });

  it('the library refuses to save under an id from elsewhere (a browser reply, a file)', async () => {
    const library = new RecordingLibrary({ dir, maxRecordings: 10, maxBytes: 1e6 }, silentLogger);
    await assert.rejects(
      library.save({ id: '../../owned', title: 't', startedAt: 1, flow: FLOW, timeline: [] }),
      /Refusing to save/,
    );
    assert.equal(existsSync(join(root, '..', 'owned.json')), false);
  });
});
