import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { actRig } from './support/actRig';
import { connectExtension, until } from './support/chromium';

const MOCKED = 'Error 500: mocked';
const REAL = /^Menu: sencha, assam/;

/** Clicks "Reload menu" in one frame and answers what that frame then shows. */
async function reloadMenu(frame: Frame): Promise<string> {
  await frame.evaluate(() => {
    const menu = document.querySelector('#menu') as HTMLElement;
    menu.textContent = 'loading';
    delete menu.dataset.ms;
  });
  await frame.click('#reload-menu');
  await frame.waitForFunction(() => (document.querySelector('#menu') as HTMLElement).dataset.ms !== undefined);
  return (await frame.textContent('#menu')) ?? '';
}

/** What menu.json answers (status and body) when fetched from an about:blank frame that `frame` adds. */
function fetchFromBlankFrame(frame: Frame): Promise<string> {
  return frame.evaluate(async () => {
    const blank = document.body.appendChild(document.createElement('iframe'));
    const response = await blank.contentWindow!.fetch('menu.json', { cache: 'no-store' });
    return `${response.status} ${await response.text()}`;
  });
}

/** What menu.json answers when fetched by a dedicated worker that `frame` starts. */
function fetchFromWorker(frame: Frame): Promise<string> {
  return frame.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const url = new URL('menu.json', location.href).href;
        const source = `fetch(${JSON.stringify(url)}, { cache: 'no-store' }).then(async (r) => postMessage(r.status + ' ' + (await r.text())))`;
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
        worker.onmessage = (event) => (worker.terminate(), resolve(event.data));
      }),
  );
}

/** The page's frame at exactly this URL, once it is there and its menu has loaded. */
async function frameAt(page: Page, url: string): Promise<Frame> {
  let found: Frame | undefined;
  await until(async () => !!(found = page.frames().find((frame) => frame.url() === url)), 5000, `the frame ${url}`);
  await found!.waitForFunction(() => (document.querySelector('#menu') as HTMLElement).dataset.ms !== undefined);
  return found!;
}

describe('network mocks judge scope per frame: a same-site frame out of scope gets the real answer', function () {
  this.timeout(90_000);
  const rig = actRig();
  let top: Frame;
  let same: Frame;
  let foreign: Frame;

  before(async () => {
    // One site, two hosts (both reach the fixture app): only app.example.test is added to the scope.
    const app = `http://app.example.test:${rig.app.port}`;
    const other = `http://other.example.test:${rig.app.port}`;
    await connectExtension(rig.browser.worker, rig.connector.port, { extraOrigins: [app] });
    const page = await rig.open(`${app}/mockframes.html`);
    top = await frameAt(page, `${app}/mockframes.html`);
    same = await frameAt(page, `${app}/mocks.html`);
    foreign = await frameAt(page, `${other}/mocks.html`);
    const set = await rig.tool('mock_network', { url: '*/menu.json', action: 'respond', status: 500, body: 'mocked' });
    assert.equal(set.isError, false, set.text);
  });

  it('mocks the top page and its in-scope frame, and lets the out-of-scope frame reach the server', async () => {
    const fetches = () => rig.app.seen.filter((seen) => seen.path === '/menu.json').length;
    assert.equal(await reloadMenu(top), MOCKED, 'the top page, in scope');
    assert.equal(await reloadMenu(same), MOCKED, 'a frame of the same origin, in scope');
    const before = fetches();
    assert.match(await reloadMenu(foreign), REAL, 'the same-site frame out of scope');
    assert.equal(fetches(), before + 1, 'the server answered the out-of-scope frame');
    assert.equal(await reloadMenu(top), MOCKED, 'the rule still holds for the top page');
  });

  it('judges an about:blank frame and a worker by the frame that made them', async () => {
    assert.equal(await fetchFromBlankFrame(top), '500 mocked', 'about:blank in the top page');
    assert.equal(await fetchFromWorker(top), '500 mocked', 'a worker of the top page');
    assert.match(await fetchFromBlankFrame(foreign), /^200 /, 'about:blank in the out-of-scope frame');
    assert.match(await fetchFromWorker(foreign), /^200 /, 'a worker of the out-of-scope frame');
  });
});
