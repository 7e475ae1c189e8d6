import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connector } from '../../src/connector/connector';
import { exportHar } from '../../src/connector/har/harExport';
import { get } from '../support/http';
import { connectExtension, launchWithExtension, requireChromium, until, type TestBrowser } from './support/chromium';
import { startFixtureServer, type FixtureServer } from './support/fixtureServer';

/** Values the page sends that must never be stored, journaled or exported. */
const SECRETS = ['tok-SECRET-1', 'hunter2-SECRET', 'form-SECRET-3', 'csrf-SECRET-4'];

describe('redaction before storing, in real Chromium: a login POST and a ?token= URL never reach the store, the journal bytes or a HAR', function () {
  this.timeout(90_000);
  let dir: string;
  let journal: string;
  let connector: Connector;
  let site: FixtureServer;
  let browser: TestBrowser;

  before(async function () {
    const executable = requireChromium(this);
    dir = mkdtempSync(join(tmpdir(), 'bd-redaction-'));
    journal = join(dir, 'state', 'journal', 'connector.jsonl');
    [connector, site] = await Promise.all([
      Connector.start(
        { port: 0, screenshots: { dir: join(dir, 'browser-debug', 'screenshots') } },
        { journalFile: journal },
      ),
      startFixtureServer(),
    ]);
    browser = await launchWithExtension(executable);
    await connectExtension(browser.worker, connector.port, { captureBodies: true });
  });
  after(async () => {
    await browser?.close();
    await Promise.all([connector?.stop(), site?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('blanks the password, the token and the form field everywhere, and the HAR says what it blanked', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${site.origin}/bodies.html`);
    await page.evaluate(async () => {
      await fetch('/api/ok?token=tok-SECRET-1&next=/home', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': 'csrf-SECRET-4' },
        body: JSON.stringify({ email: 'ann@example.test', password: 'hunter2-SECRET' }),
      });
      await fetch('/api/ok?via=form', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'user=ann&password=form-SECRET-3',
      });
    });
    assert.ok(site.seen.filter((seen) => seen.url === '/api/ok' && seen.method === 'POST').length >= 2, 'sent');
    const posts = async () =>
      (
        (await get(connector.port, '/network-requests?limit=100')).json.requests as {
          method: string;
          url: string;
          requestBody?: string;
        }[]
      ).filter((request) => request.method === 'POST' && /token=|via=form/.test(request.url) && request.requestBody);
    await until(async () => (await posts()).length === 2, 15_000, 'both POSTs with their bodies');
    const stored = JSON.stringify(await posts());
    const journalBytes = () => readFileSync(journal, 'utf8');
    await until(() => journalBytes().includes('"method":"POST"'), 5_000, 'journaled');
    const har = (await get(connector.port, '/network-requests?format=har&limit=100')).json;
    const written = await exportHar(
      connector.services.store,
      connector.config,
      { limit: 100 },
      connector.services.logger,
    );
    const harFile = readFileSync(written.path, 'utf8');
    for (const [where, text] of [
      ['store', stored],
      ['journal bytes', journalBytes()],
      ['HAR over HTTP', JSON.stringify(har)],
      ['HAR file', harFile],
    ] as const)
      for (const secret of SECRETS) assert.ok(!text.includes(secret), `${secret} reached the ${where}`);
    assert.match(stored, /"password\\":\\"\[redacted\]\\"/);
    assert.match(stored, /token=%5Bredacted%5D&next=\/home/);
    assert.equal(har.log._redacted.keys.password, 2, 'JSON and form');
    assert.ok(har.log._redacted.params.token >= 1);
    assert.ok(har.log._redacted.headers['x-csrf-token'] >= 1);
    assert.ok(har.log._redacted.headers['set-cookie'] >= 1, 'the response cookie too');
    assert.equal(statSync(written.path).mode & 0o777, 0o600);
    assert.equal(statSync(journal).mode & 0o777, 0o600);
    assert.equal(statSync(join(dir, 'state', 'journal')).mode & 0o777, 0o700);
    await page.close();
  });
});
