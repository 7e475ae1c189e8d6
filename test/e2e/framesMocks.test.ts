import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { actRig } from './support/actRig';
import type { FramesActServer } from './support/framesActServer';
import { openFramesActPage } from './support/framesActPage';

describe('many documents: network mocks in every frame and worker (#33)', function () {
  this.timeout(120_000);
  const rig = actRig();
  let site: FramesActServer;
  let page: Page;
  let cross: Frame;

  before(async () => {
    ({ site, page, cross } = await openFramesActPage(rig));
  });
  after(() => site?.close());

  before(async () => {
    for (const [file, body] of [
      ['data-cross.json', 'mocked for the cross-origin frame'],
      ['data-sw.json', 'mocked for the service worker'],
      ['data-worker.json', 'mocked for the worker'],
    ]) {
      const set = await rig.tool('mock_network', { url: `*/${file}`, action: 'respond', status: 200, body });
      assert.equal(set.isError, false, set.text);
    }
  });

  it('answers a request of the cross-origin frame with the mock', async () => {
    await cross.click('#cross-load');
    await cross.waitForFunction(() => !document.querySelector('#cross-result')!.textContent!.endsWith('waiting'));
    assert.equal(await cross.textContent('#cross-result'), 'cross: mocked for the cross-origin frame');
    assert.ok(!site.seen.includes('/data-cross.json'), 'the server never saw it');
  });

  it("answers the service worker's own fetch with the mock, and the page shows it", async () => {
    await page.click('#load-sw');
    await page.waitForFunction(() => !document.querySelector('#sw-result')!.textContent!.endsWith('waiting'));
    assert.equal(await page.textContent('#sw-result'), 'service worker: mocked for the service worker');
    assert.ok(!site.seen.includes('/data-sw.json'), 'the server never saw it');
  });

  it("answers a Web Worker's fetch with the mock", async () => {
    await page.click('#load-worker');
    await page.waitForFunction(() => !document.querySelector('#worker-result')!.textContent!.endsWith('waiting'));
    assert.equal(await page.textContent('#worker-result'), 'worker: mocked for the worker');
    assert.ok(!site.seen.includes('/data-worker.json'), 'the server never saw it');
  });
});
