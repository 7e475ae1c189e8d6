import assert from 'node:assert/strict';
import { get } from '../support/http';
import { extensionRig, until } from './support/chromium';

type Entry = Record<string, any>;
const header = (headers: Record<string, string> | undefined, name: string) =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

/**
 * Capture takes a request's status and response headers from webRequest's onCompleted (issue 38: one event
 * fewer per request than onResponseStarted gave). What a captured entry shows must not change: both header
 * sets (the ones Chrome hands only with `extraHeaders` too), a redirect's own hop, and a failure's error.
 */
describe('network capture from the fewest webRequest events: what an entry still has', function () {
  this.timeout(60_000);
  const rig = extensionRig();
  const requests = async () => (await get(rig.connector.port, '/network-requests?limit=200')).json.requests as Entry[];

  it('keeps status, both header sets (Referer, Cookie, Set-Cookie too), redirect hops and failures', async () => {
    const page = await rig.browser.context.newPage();
    await page.goto(`${rig.site.origin}/blank.html`);
    await page.evaluate(async () => {
      document.cookie = 'theme=dark; path=/';
      await fetch('/api/ok?plain=1', { headers: { 'X-Request-Tag': 'tagged' } });
      await fetch('/api/moved');
      await fetch('/api/cut')
        .then((response) => response.text())
        .catch(() => undefined);
    });
    const byUrl = (url: string) => async () => (await requests()).find((r) => r.url === `${rig.site.origin}${url}`);
    await until(async () => Boolean((await byUrl('/api/cut')()) && (await byUrl('/api/ok?moved=1')())), 15_000);

    const plain = (await byUrl('/api/ok?plain=1')())!;
    assert.equal(plain.status, 200);
    assert.equal(plain.statusText, 'OK');
    assert.equal(header(plain.requestHeaders, 'x-request-tag'), 'tagged');
    // Chrome hands these only to a listener with extraHeaders: still there.
    assert.equal(header(plain.requestHeaders, 'referer'), `${rig.site.origin}/blank.html`);
    assert.equal(header(plain.requestHeaders, 'cookie'), '[redacted]');
    assert.equal(header(plain.responseHeaders, 'set-cookie'), '[redacted]');
    assert.equal(header(plain.responseHeaders, 'content-type'), 'application/json');
    assert.ok(plain.size.response > 500, `response size ${plain.size.response}`);

    const hop = (await byUrl('/api/moved')())!;
    assert.equal(hop.status, 302, 'the redirect is its own record');
    assert.equal(header(hop.responseHeaders, 'location'), '/api/ok?moved=1');
    assert.equal(header(hop.responseHeaders, 'x-hop'), 'first');
    const landed = (await byUrl('/api/ok?moved=1')())!;
    assert.equal(landed.status, 200);
    assert.equal(header(landed.responseHeaders, 'content-type'), 'application/json');

    const cut = (await byUrl('/api/cut')())!;
    assert.match(cut.error, /^net::ERR_/, 'a failure after the headers says what failed');
    assert.equal(typeof cut.duration, 'number');
    await page.close();
  });
});
