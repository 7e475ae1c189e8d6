import assert from 'node:assert/strict';
import { get } from '../support/http';
import { freePortRun } from '../support/ports';
import { connectExtension, extensionRig, until, workerState } from './support/chromium';

type Entry = Record<string, any>;

describe('browser extension: errors, network and navigation', function () {
  this.timeout(60_000);
  const rig = extensionRig();

  const read = async (path: string, key: string) => (await get(rig.connector.port, path)).json[key] as Entry[];

  it('captures uncaught errors, unhandled rejections and failed resource loads with source and stack', async () => {
    const page = await rig.browser.context.newPage();
    await page.goto(`${rig.site.origin}/errors.html`);
    await until(async () => (await read('/console-errors?limit=100', 'errors')).length >= 3);
    const errors = await read('/console-errors?limit=100', 'errors');
    const uncaught = errors.find((e) => e.message === 'Uncaught Error: boom later')!;
    assert.equal(uncaught.errorKind, 'uncaught');
    assert.equal(uncaught.source, `${rig.site.origin}/errors.js:3:9`);
    assert.match(uncaught.stack, /errors\.js:3:9/);
    assert.equal(uncaught.frames[0].functionName, 'later');
    const rejected = errors.find((e) => e.message === 'Uncaught (in promise) Error: rejected promise')!;
    assert.equal(rejected.errorKind, 'unhandledrejection');
    assert.equal(rejected.source, `${rig.site.origin}/errors.js:5:16`);
    const resource = errors.find((e) => e.errorKind === 'resource')!;
    assert.equal(resource.message, `Failed to load resource: <img> ${rig.site.origin}/missing.png`);
    await page.close();
  });

  it('captures every request of the page, with failures, redacted credentials and timing', async () => {
    const closed = await freePortRun(1);
    const page = await rig.browser.context.newPage();
    await page.goto(`${rig.site.origin}/net.html?closed=${closed}`);
    await until(async () => (await read('/console-logs', 'logs')).some((log) => log.message === 'network done'));
    const expectedErrors = [
      `${rig.site.origin}/api/missing`,
      `${rig.site.origin}/api/crash`,
      `http://127.0.0.1:${closed}/nothing`,
    ];
    await until(async () => {
      const urls = (await read('/network-errors?limit=100', 'errors')).map((e) => e.url);
      return expectedErrors.every((url) => urls.includes(url));
    });
    const ok = await until(async () =>
      (await read('/network-success?limit=100', 'requests')).some((r) => r.url === `${rig.site.origin}/api/ok?based=1`),
    ).then(() => read('/network-success?limit=100', 'requests'));
    const first = ok.find((r) => r.url === `${rig.site.origin}/api/ok`)!;
    assert.equal(first.method, 'GET');
    assert.equal(first.status, 200);
    assert.equal(first.statusText, 'OK');
    assert.equal(first.requestHeaders.Authorization, '[redacted]');
    assert.equal(
      rig.site.seen.find((r) => r.url === '/api/ok')!.headers.authorization,
      'Bearer top-secret',
      'the page still sends it',
    );
    const setCookie = Object.entries(first.responseHeaders as Record<string, string>).find(
      ([name]) => name.toLowerCase() === 'set-cookie',
    );
    assert.deepEqual(setCookie?.[1], '[redacted]');
    const again = ok.find((r) => r.url === `${rig.site.origin}/api/ok?again=1`)!;
    assert.equal(
      Object.entries(again.requestHeaders as Record<string, string>).find(
        ([name]) => name.toLowerCase() === 'cookie',
      )?.[1],
      '[redacted]',
    );
    assert.equal(typeof first.duration, 'number');
    assert.ok(first.size > 500, `response size ${first.size}`);
    const detailed = (await read('/network-requests?limit=100', 'requests')).find(
      (r) => r.url === `${rig.site.origin}/api/ok`,
    )!;
    assert.deepEqual(Object.keys(detailed.timing).sort(), ['connect', 'dns', 'receive', 'send', 'wait']);
    assert.ok(detailed.size.response > 500);
    assert.ok(
      ok.some((r) => r.url === `${rig.site.origin}/net.html?closed=${closed}` && r.resourceType === 'main_frame'),
      'documents count too',
    );
    assert.ok(
      ok.some((r) => r.url === `${rig.site.origin}/net.js` && r.resourceType === 'script'),
      'scripts count too',
    );

    const errors = await read('/network-errors?limit=100', 'errors');
    assert.equal(errors.find((e) => e.url === `${rig.site.origin}/api/missing`)!.error, 'HTTP 404 Not Found');
    const crash = errors.find((e) => e.url === `${rig.site.origin}/api/crash`)!;
    assert.equal(crash.method, 'POST');
    assert.equal(crash.status, 500);
    const refused = errors.find((e) => String(e.url).includes(`:${closed}/`))!;
    assert.equal(refused.error, 'net::ERR_CONNECTION_REFUSED');
    // The page hook reports each fetch's line in its next batch, which may come after the request finished
    // (a refused one waits for no timing): the worker pairs them either way.
    assert.match(String(first.initiator), /\/net\.js:4:\d+$/, 'the fetch’s line');
    assert.match(String(crash.initiator), /\/net\.js:7:\d+$/, 'the failed POST’s line');
    assert.match(String(refused.initiator), /\/net\.js:8:\d+$/, 'the refused fetch’s line');
    // A relative fetch resolves against <base href>, and so does the line's pairing.
    const based = ok.find((r) => r.url === `${rig.site.origin}/api/ok?based=1`);
    assert.match(String(based?.initiator), /\/net\.js:9:\d+$/, 'the relative fetch’s line');
    assert.equal((await workerState(rig.browser.worker)).debugger.attaches, 0, 'no debugger for network capture');
    await page.close();
  });

  it('leaves bodies out by default, and captures them capped when the user opts in', async () => {
    const page = await rig.browser.context.newPage();
    await page.goto(`${rig.site.origin}/bodies.html`);
    await until(async () =>
      (await read('/console-logs?limit=1000', 'logs')).some((log) => log.message === 'bodies done'),
    );
    const both = async (count: number) => {
      const requests = await read('/network-success?limit=200', 'requests');
      return (
        requests.filter((r) => r.url === `${rig.site.origin}/api/ok?via=xhr`).length === count &&
        requests.filter((r) => r.url === `${rig.site.origin}/api/ok` && r.method === 'POST').length === count
      );
    };
    await until(() => both(1));
    const plain = (await read('/network-success?limit=200', 'requests')).find(
      (r) => r.url === `${rig.site.origin}/api/ok` && r.method === 'POST',
    )!;
    assert.equal(plain.requestBody, undefined);
    assert.equal(plain.responseBody, undefined);
    await connectExtension(rig.browser.worker, rig.connector.port, { captureBodies: true });
    await page.reload();
    await until(() => both(2), 10_000, 'the second fetch and XHR');
    const requests = await read('/network-success?limit=200', 'requests');
    const posted = requests.filter((r) => r.url === `${rig.site.origin}/api/ok` && r.method === 'POST').pop()!;
    assert.equal(posted.requestBody, '{"name":"Ada"}');
    assert.match(posted.responseBody, /^\{"ok":true/);
    const xhr = requests.filter((r) => r.url === `${rig.site.origin}/api/ok?via=xhr`).pop()!;
    assert.match(xhr.responseBody, /"ok":true/);
    await connectExtension(rig.browser.worker, rig.connector.port);
    await page.close();
  });

  it('starts a new page load on navigation, reports the current URL, and keeps history', async () => {
    const page = await rig.browser.context.newPage();
    await page.goto(`${rig.site.origin}/`);
    await until(async () =>
      (await read('/console-logs?limit=1000', 'logs')).some(
        (log) => log.message === 'info line' && log.url === `${rig.site.origin}/`,
      ),
    );
    const before = (await read('/console-logs?limit=1000', 'logs')).filter((log) => log.message === 'info line').pop()!;
    await page.goto(`${rig.site.origin}/blank.html`);
    await until(
      async () => (await get(rig.connector.port, '/current-url')).json.url === `${rig.site.origin}/blank.html`,
    );
    const current = (await get(rig.connector.port, '/current-url')).json;
    assert.notEqual(current.pageLoadId, before.pageLoadId);
    assert.equal(current.tabId, before.tabId);
    assert.ok(
      (await read('/console-logs?limit=1000', 'logs')).some((log) => log.id === before.id),
      'history survives navigation',
    );
    await until(async () =>
      (await read('/network-success?limit=200', 'requests')).some((r) => r.url === `${rig.site.origin}/blank.html`),
    );
    const documentRequest = (await read('/network-success?limit=200', 'requests'))
      .filter((r) => r.url === `${rig.site.origin}/blank.html`)
      .pop()!;
    assert.equal(
      documentRequest.pageLoadId,
      current.pageLoadId,
      'a document request belongs to the page load it starts',
    );
    await page.evaluate(() => {
      console.log('route log one');
      history.pushState({}, '', '/route/two');
      console.log('route log two');
      location.hash = 'three';
      console.log('route log three');
    });
    await until(
      async () => (await get(rig.connector.port, '/current-url')).json.url === `${rig.site.origin}/route/two#three`,
      10_000,
      'the current URL follows pushState, then a fragment change',
    );
    await until(async () =>
      (await read('/console-logs?limit=1000', 'logs')).some((log) => log.message === 'route log three'),
    );
    assert.deepEqual(
      (await read('/console-logs?limit=1000', 'logs'))
        .filter((log) => log.message.startsWith('route log'))
        .map((log) => log.url?.replace(rig.site.origin, '')),
      [new URL(current.url).pathname, '/route/two', '/route/two#three'],
      'each log is filed under the URL the page had when it logged',
    );
    assert.equal(
      (await get(rig.connector.port, '/current-url')).json.pageLoadId,
      current.pageLoadId,
      'a route change is the same page load',
    );
    await page.close();
  });
});
