/// <reference types="chrome" />
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { decodePng } from '../support/png';
import { TestSocket } from '../support/wsClient';
import { remoteRig } from './support/remoteRig';

/**
 * Full remote mode, commands: a remote reader commands the extension over the edge's tunnel (`wrangler dev
 * --local`), with a token, reaching only the pages shared with it.
 */
describe('browser extension: commands in full remote mode (wrangler dev --local)', function () {
  this.timeout(60_000);
  const rig = remoteRig();
  let app: Page;

  before(async () => {
    await rig.goRemote();
    app = await rig.browser.context.newPage();
    await app.goto(`${rig.site.origin}/blank.html`);
  });

  it('answers commands from a remote tunnel client with the same code as local ones: a screenshot that decodes', async () => {
    await app.bringToFront();
    const client = await TestSocket.open(`${rig.edge.url.replace('http', 'ws')}/tunnel/${rig.sessionId}?role=client`, {
      Authorization: `Bearer ${await rig.edge.readerToken()}`,
    });
    await client.ofType('connection-established');
    client.send({ type: 'command', id: 'shot-1', name: 'screenshot', args: { fullPage: false } });
    const shot = await client.next((frame) => frame.type === 'reply' && frame.id === 'shot-1', 20_000);
    const data = String((shot.result as { data: string }).data);
    assert.match(data, /^data:image\/png;base64,/);
    const image = decodePng(Buffer.from(data.split(',')[1]!, 'base64'));
    assert.ok(image.width >= 800 && image.height >= 400, `${image.width}×${image.height}`);
    assert.deepEqual(image.pixel(5, 5), [255, 255, 255], 'the blank page’s white background');
    client.send({ type: 'command', id: 'url-1', name: 'current-url', args: {} });
    const current = await client.next((frame) => frame.type === 'reply' && frame.id === 'url-1', 10_000);
    assert.equal((current.result as { url: string }).url, `${rig.site.origin}/blank.html`);
    client.send({ type: 'command', id: 'bad-1', name: 'reboot', args: {} });
    const unknown = await client.next((frame) => frame.type === 'reply' && frame.id === 'bad-1', 10_000);
    assert.equal((unknown.error as { code: string }).code, 'INVALID_PARAMETER');
    assert.match((unknown.error as { message: string }).message, /Unknown command 'reboot'/);
    await client.close();
  });

  it('keeps remote commands to shared pages: other tabs are neither listed, captured nor scripted', async () => {
    const other = await rig.browser.context.newPage();
    await other.goto(`http://outofscope.test:${rig.site.port}/blank.html`);
    await other.bringToFront();
    const client = await TestSocket.open(`${rig.edge.url.replace('http', 'ws')}/tunnel/${rig.sessionId}?role=client`, {
      Authorization: `Bearer ${await rig.edge.readerToken()}`,
    });
    await client.ofType('connection-established');
    const ask = async (id: string, name: string, args: Record<string, unknown> = {}) => {
      client.send({ type: 'command', id, name, args });
      return client.next((frame) => frame.type === 'reply' && frame.id === id, 10_000);
    };
    // The extension's own scope check answers first here (OUT_OF_SCOPE); the remote guard would (FORBIDDEN).
    const shot = await ask('shot-other', 'screenshot');
    assert.ok(
      ['OUT_OF_SCOPE', 'FORBIDDEN'].includes((shot.error as { code: string }).code),
      JSON.stringify(shot.error),
    );
    assert.match((shot.error as { message: string }).message, /outofscope\.test/);
    const tabs = ((await ask('tabs-1', 'tabs')).result as { tabs: { url: string }[] }).tabs.map((tab) => tab.url);
    assert.ok(tabs.includes(`${rig.site.origin}/blank.html`), tabs.join(', '));
    assert.ok(!tabs.some((url) => url.includes('outofscope.test')), `an unshared tab was listed: ${tabs.join(', ')}`);
    const script = await ask('script-1', 'run-script', { script: 'document.title' });
    assert.equal((script.error as { code: string }).code, 'FORBIDDEN', 'run-script is opt-in');

    // "All sites" widens what is captured locally, never what remote clients may reach.
    const settingsNow = (await rig.browser.worker.evaluate(() => chrome.storage.local.get('settings'))) as {
      settings: Record<string, unknown>;
    };
    await rig.browser.worker.evaluate(
      (settings) => chrome.storage.local.set({ settings: { ...settings, allSites: true } }),
      settingsNow.settings,
    );
    try {
      const wide = await ask('shot-wide', 'screenshot');
      assert.equal((wide.error as { code: string }).code, 'FORBIDDEN', JSON.stringify(wide.error));
      assert.match((wide.error as { message: string }).message, /outofscope\.test.*not shared/);
      const wideTabs = ((await ask('tabs-2', 'tabs')).result as { tabs: { url: string }[] }).tabs.map((tab) => tab.url);
      assert.ok(!wideTabs.some((url) => url.includes('outofscope.test')), wideTabs.join(', '));
    } finally {
      await rig.browser.worker.evaluate((settings) => chrome.storage.local.set({ settings }), settingsNow.settings);
    }
    await client.close();
    await other.close();
    await app.bringToFront();
  });
});
