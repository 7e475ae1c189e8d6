import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import type { StoredNetworkRequest } from '../../src/shared/protocol';
import { harProblems } from '../support/harSchema';
import { get } from '../support/http';
import { actRig } from './support/actRig';
import { until } from './support/chromium';

interface HarEntry {
  request: { method: string; url: string; headers: { name: string; value: string }[] };
  response: { status: number };
  _mocked?: { ruleId: string };
}

describe('HAR export: GET /network-requests?format=har and export_har, checked against the HAR 1.2 schema', function () {
  this.timeout(90_000);
  const rig = actRig();

  before(async () => {
    const page = await rig.open('/mocks.html');
    await rig.tool('mock_network', { url: '*/menu.json', action: 'respond', status: 503, body: 'down' });
    await page.click('#reload-menu');
    await until(
      async () =>
        (await get(rig.connector.port, '/network-requests?limit=100')).json.requests.some(
          (request: StoredNetworkRequest) => request.mocked,
        ),
      10_000,
      'the mocked capture',
    );
    await rig.tool('clear_network_mocks');
  });

  it('answers the captured requests as a valid HAR, entry for entry, in both envelopes', async () => {
    const { port } = rig.connector;
    const har = (await get(port, '/network-requests?format=har&limit=100')).json;
    assert.deepEqual(harProblems(har), []);
    const listed: StoredNetworkRequest[] = (await get(port, '/network-requests?limit=100')).json.requests;
    const entries: HarEntry[] = har.log.entries;
    assert.deepEqual(
      entries.map((entry) => [entry.request.method, entry.request.url, entry.response.status]),
      listed.map((request) => [request.method, request.url, request.status ?? 0]),
    );
    assert.ok(listed.length >= 3, 'the page, its script, its data and its image');
    const mocked = entries.find((entry) => entry._mocked);
    assert.equal(mocked?.response.status, 503);
    assert.match(mocked!.request.url, /menu\.json$/);
    assert.ok(har.log.pages.length >= 1);
    const variantB = (await get(port, '/api/v1/network-requests?format=har&failed=true')).json;
    assert.equal(variantB.status, 'success');
    assert.deepEqual(harProblems(variantB.data), []);
    assert.ok(
      variantB.data.log.entries.every((entry: HarEntry) => entry.response.status >= 400 || !entry.response.status),
    );
  });

  it('export_har writes the file to the exports folder and answers its path and size', async () => {
    const answer = await rig.tool('export_har', { search: '127.0.0.1' });
    assert.equal(answer.isError, false, answer.text);
    const [, entries, path, size] = /Wrote (\d+) request\(s\) as HAR 1\.2 to (\S+\.har) \((.+?)\)/.exec(answer.text)!;
    assert.ok(path!.includes('/exports/'), path);
    const har = JSON.parse(readFileSync(path!, 'utf8'));
    assert.deepEqual(harProblems(har), []);
    assert.equal(har.log.entries.length, Number(entries));
    assert.ok(statSync(path!).size > 0, size);
  });
});
