import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestConnector, type TestConnector } from '../../../support/connector';
import { get, post, request } from '../../../support/http';

const FLOW = {
  title: 'Imported',
  steps: [
    { type: 'navigate', url: 'http://localhost:5173/' },
    { type: 'click', selectors: [['aria/Add'], ['#add']], offsetX: 3, offsetY: 4 },
  ],
};

describe('recordings over HTTP (no browser needed)', () => {
  let t: TestConnector;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bd-rec-routes-'));
    t = await startTestConnector({ recordings: { dir, maxRecordings: 2 } });
  });
  after(async () => {
    await t.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports, lists, reads and deletes in both envelopes, keeping at most the configured count', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const imported = await post(t.port, '/api/v1/recordings/import', {
        flow: JSON.stringify({ ...FLOW, title: `flow ${i}` }),
      });
      assert.equal(imported.json.status, 'success', JSON.stringify(imported.json));
      ids.push(imported.json.data.id);
    }
    assert.ok(ids.every((id) => /^rec-[0-9a-f]{12}$/.test(id)));
    const listed = await get(t.port, '/recordings');
    assert.deepEqual(
      listed.json.recordings.map((row: { title: string }) => row.title),
      ['flow 2', 'flow 1'],
      'the oldest went first',
    );
    assert.deepEqual(readdirSync(dir).sort(), [`${ids[1]}.json`, `${ids[2]}.json`].sort());
    const detail = await get(t.port, `/recordings/${ids[2]}`);
    assert.deepEqual(detail.json.flow, { ...FLOW, title: 'flow 2' });
    assert.deepEqual(detail.json.timeline, []);
    const deleted = await request(t.port, 'DELETE', `/api/v1/recordings/${ids[2]}`);
    assert.equal(deleted.json.data.deleted, ids[2]);
    assert.equal((await get(t.port, `/recordings/${ids[2]}`)).status, 404);
    const malformed = await get(t.port, '/recordings/%E0');
    assert.equal(malformed.status, 404, 'a malformed escape in the id is not found, not a server error');
  });

  it('renames with PATCH in both envelopes: the list and the saved file say the new title', async () => {
    const imported = await post(t.port, '/recordings/import', { flow: FLOW });
    const id = imported.json.id as string;
    const renamedA = await request(t.port, 'PATCH', `/recordings/${id}`, { body: { title: '  cart total wrong  ' } });
    assert.equal(renamedA.status, 200, JSON.stringify(renamedA.json));
    assert.equal(renamedA.json.title, 'cart total wrong');
    const renamedB = await request(t.port, 'PATCH', `/api/v1/recordings/${id}`, { body: { title: 'cart total' } });
    assert.equal(renamedB.json.status, 'success');
    assert.equal(renamedB.json.data.title, 'cart total');
    assert.equal((await get(t.port, `/recordings/${id}`)).json.flow.title, 'cart total');
    assert.ok(
      (await get(t.port, '/recordings')).json.recordings.some((row: { title: string }) => row.title === 'cart total'),
    );
    const empty = await request(t.port, 'PATCH', `/recordings/${id}`, { body: { title: ' ' } });
    assert.equal(empty.json.error.code, 'INVALID_PARAMETER');
    const missing = await request(t.port, 'PATCH', `/api/v1/recordings/${id}`, { body: {} });
    assert.equal(missing.status, 400);
    assert.equal(missing.json.status, 'error');
    assert.equal((await request(t.port, 'PATCH', '/recordings/rec-nope', { body: { title: 'x' } })).status, 404);
  });

  it('answers unknown ids, bad flows, a missing browser and wrong methods clearly', async () => {
    const unknownA = await get(t.port, '/recordings/rec-nope');
    assert.equal(unknownA.json.error.code, 'NOT_FOUND');
    const unknownB = await post(t.port, '/api/v1/recordings/rec-nope/replay', {});
    assert.equal(unknownB.status, 404);
    assert.equal(unknownB.json.status, 'error');
    const noFlow = await post(t.port, '/recordings/import', {});
    assert.equal(noFlow.json.error.code, 'INVALID_REQUEST');
    const badStep = await post(t.port, '/recordings/import', {
      flow: {
        title: 't',
        steps: [
          { type: 'navigate', url: 'x' },
          { type: 'change', selectors: [['#a']] },
        ],
      },
    });
    assert.equal(badStep.json.error.code, 'INVALID_PARAMETER');
    assert.equal(badStep.json.error.details.parameter, 'flow.steps[1]');
    const noBrowser = await post(t.port, '/recordings', {});
    assert.equal(noBrowser.json.error.code, 'BROWSER_NOT_CONNECTED');
    const wrong = await request(t.port, 'PUT', '/recordings/rec-x');
    assert.equal(wrong.status, 405);
    assert.match(String(wrong.headers.allow), /GET/);
  });
});
