import assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { connectFakeBrowser, startTestConnector, type TestConnector } from '../../../support/connector';
import { post } from '../../../support/http';
import { pngDataUrl } from '../../../support/png';
import { TestSocket } from '../../../support/wsClient';

/** A scripted browser that answers every screenshot-request with a PNG of the given size. */
async function answeringBrowser(port: number, answer: (frame: Record<string, unknown>) => unknown) {
  const browser = await connectFakeBrowser(port);
  browser.ws.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.type !== 'screenshot-request') return;
    const reply = answer(frame);
    if (reply) browser.send({ type: 'screenshot-data', requestId: frame.requestId, ...(reply as object) });
  });
  return browser;
}

describe('POST /capture-screenshot', () => {
  let t: TestConnector;
  beforeEach(async () => (t = await startTestConnector({ screenshots: { timeoutMs: 400, maxFiles: 3 } })));
  afterEach(() => t.stop());

  it('asks the browser with a request id, saves the image and answers the file shape', async () => {
    const requests: Record<string, unknown>[] = [];
    const browser = await answeringBrowser(t.port, (frame) => (requests.push(frame), { data: pngDataUrl(320, 200) }));
    const { status, json } = await post(t.port, '/capture-screenshot', {
      options: { fullPage: false, format: 'png', quality: 90, removeElements: ['.ad'], waitFor: 10 },
    });
    assert.equal(status, 200);
    assert.equal(json.success, true);
    assert.deepEqual(json.dimensions, { width: 320, height: 200 });
    assert.ok(existsSync(json.path));
    assert.ok(json.path.startsWith(t.screenshotDir));
    assert.equal(json.size, statSync(json.path).size);
    assert.equal(typeof requests[0]!.requestId, 'string');
    assert.deepEqual(requests[0]!.options, {
      fullPage: false,
      format: 'png',
      quality: 90,
      removeElements: ['.ad'],
      waitFor: 10,
    });
    await browser.close();
  });

  it('accepts the flat shape and defaults fullPage to true', async () => {
    const requests: Record<string, unknown>[] = [];
    const browser = await answeringBrowser(t.port, (frame) => (requests.push(frame), { data: pngDataUrl(10, 10) }));
    await post(t.port, '/capture-screenshot');
    await post(t.port, '/capture-screenshot', { fullPage: false });
    assert.deepEqual(
      requests.map((r) => (r.options as { fullPage: boolean }).fullPage),
      [true, false],
    );
    await browser.close();
  });

  it('answers the inline shape when asked (body inline:true or ?inline=true), and tells /ws clients', async () => {
    const browser = await answeringBrowser(t.port, () => ({ data: pngDataUrl(64, 48) }));
    const client = await TestSocket.open(`ws://127.0.0.1:${t.port}/ws`);
    const { json } = await post(t.port, '/capture-screenshot', { options: { inline: true } });
    assert.match(json.screenshot, /^data:image\/png;base64,/);
    assert.equal(json.format, 'png');
    assert.deepEqual(json.dimensions, { width: 64, height: 48 });
    assert.ok(!Number.isNaN(Date.parse(json.timestamp)));
    const viaQuery = (await post(t.port, '/api/v1/capture-screenshot?inline=true')).json;
    assert.match(viaQuery.data.screenshot, /^data:image\/png/);
    const captured = await client.ofType('screenshot-captured');
    assert.match(String(captured.screenshot), /^data:image\/png/);
    assert.equal(typeof captured.requestId, 'string');
    await Promise.all([browser.close(), client.close()]);
  });

  it('answers 502 BROWSER_NOT_CONNECTED at once when no browser is connected', async () => {
    const a = await post(t.port, '/capture-screenshot');
    assert.equal(a.status, 502);
    assert.equal(a.json.error.code, 'BROWSER_NOT_CONNECTED');
    assert.match(a.json.error.message, /Load unpacked/);
    const b = await post(t.port, '/api/v1/capture-screenshot');
    assert.equal(b.json.status, 'error');
    assert.equal(b.json.error.code, 'BROWSER_NOT_CONNECTED');
  });

  it('answers 500 SCREENSHOT_FAILED when the browser times out, fails, or sends junk', async () => {
    let mode = 'silent';
    const browser = await answeringBrowser(t.port, () => {
      if (mode === 'silent') return undefined;
      if (mode === 'error') return { error: 'Cannot capture chrome:// pages' };
      return { data: 'data:image/png;base64,AAAA' };
    });
    const timedOut = await post(t.port, '/capture-screenshot');
    assert.equal(timedOut.status, 500);
    assert.equal(timedOut.json.error.code, 'SCREENSHOT_FAILED');
    assert.match(timedOut.json.error.message, /400 ms/);
    mode = 'error';
    const failed = await post(t.port, '/capture-screenshot');
    assert.equal(failed.json.error.code, 'SCREENSHOT_FAILED');
    assert.match(failed.json.error.message, /chrome:\/\//);
    mode = 'junk';
    const junk = await post(t.port, '/capture-screenshot');
    assert.equal(junk.json.error.code, 'SCREENSHOT_FAILED');
    assert.match(junk.json.error.message, /unreadable/);
    await browser.close();
  });

  it('fails a pending screenshot at once when the browser disconnects', async () => {
    const browser = await answeringBrowser(t.port, () => undefined);
    const pending = post(t.port, '/capture-screenshot');
    await browser.ofType('screenshot-request');
    await browser.close();
    const { json } = await pending;
    assert.equal(json.error.code, 'SCREENSHOT_FAILED');
    assert.match(json.error.message, /disconnected/);
  });

  it('rejects invalid options with INVALID_PARAMETER', async () => {
    const quality = await post(t.port, '/capture-screenshot', { options: { quality: 500 } });
    assert.equal(quality.status, 400);
    assert.equal(quality.json.error.code, 'INVALID_PARAMETER');
    assert.equal(quality.json.error.details.parameter, 'options.quality');
    const format = await post(t.port, '/capture-screenshot', { options: { format: 'gif' } });
    assert.equal(format.json.error.details.parameter, 'options.format');
    const unknown = await post(t.port, '/capture-screenshot', { fullpage: true });
    assert.match(unknown.json.error.message, /fullpage/);
  });

  it('keeps the folder within its byte cap too, removing the oldest first', async () => {
    await t.stop();
    const imageBytes = Buffer.from(pngDataUrl(40, 40).split(',')[1]!, 'base64').length;
    t = await startTestConnector({ screenshots: { timeoutMs: 400, maxFiles: 100, maxBytes: imageBytes * 2 + 10 } });
    const browser = await answeringBrowser(t.port, () => ({ data: pngDataUrl(40, 40) }));
    const paths: string[] = [];
    for (let i = 0; i < 4; i++) paths.push((await post(t.port, '/capture-screenshot')).json.path);
    const kept = readdirSync(t.screenshotDir).sort();
    assert.deepEqual(
      kept,
      paths
        .slice(2)
        .map((p) => p.split('/').pop())
        .sort(),
    );
    await browser.close();
  });

  it('keeps the folder within its file cap, removing the oldest first', async () => {
    const browser = await answeringBrowser(t.port, () => ({ data: pngDataUrl(8, 8) }));
    const paths: string[] = [];
    for (let i = 0; i < 5; i++) paths.push((await post(t.port, '/capture-screenshot')).json.path);
    const kept = readdirSync(t.screenshotDir).sort();
    assert.equal(kept.length, 3);
    assert.deepEqual(
      kept,
      paths
        .slice(2)
        .map((p) => p.split('/').pop())
        .sort(),
    );
    await browser.close();
  });
});
