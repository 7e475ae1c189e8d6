import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, ImageContent } from '@modelcontextprotocol/sdk/types.js';
import { decodeImageDataUrl } from '../../../src/connector/screenshots/imageInfo';
import { PREVIEW_LIMITS } from '../../../src/mcp/tools/screenshotTools';
import { pngDataUrl, solidPng } from '../../support/png';
import {
  call,
  inMemoryClient,
  previewSize,
  screenshotAnswer,
  scriptedBrowser,
  startMcpConnector,
  textOf,
  type McpTestConnector,
} from '../../support/mcp';

function imageOf(
  result: CallToolResult,
): { mimeType: string; width: number; height: number; bytes: number } | undefined {
  const image = result.content.find((item): item is ImageContent => item.type === 'image');
  if (!image) return undefined;
  const decoded = decodeImageDataUrl(`data:${image.mimeType};base64,${image.data}`);
  return { mimeType: image.mimeType, width: decoded.width, height: decoded.height, bytes: decoded.bytes.length };
}

/** A JPEG header (SOI, SOF0 with the size, EOI): enough for the size and MIME checks. */
/** The JFIF segment every encoder (Chrome's too) writes first; image-size expects a segment there. */
const APP0 = Buffer.from([
  0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
]);

function jpegDataUrl(width: number, height: number): string {
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8]), APP0, sof, Buffer.from([0xff, 0xd9])]).toString('base64')}`;
}

const pick = (image: ReturnType<typeof imageOf>) => image && [image.mimeType, image.width, image.height];

describe('MCP screenshot_capture', () => {
  let t: McpTestConnector;
  let client: Client;
  beforeEach(async () => {
    t = await startMcpConnector({ screenshots: { timeoutMs: 300 } });
    client = await inMemoryClient(t.connector);
  });
  afterEach(async () => {
    await client.close();
    await t.stop();
  });

  for (const [width, height, expected] of [
    [1280, 800, 'not scaled'],
    [3200, 2000, 'scaled down'],
    [1280, 9000, 'top part'],
    [900, 5000, 'top part'],
  ] as const) {
    it(`returns a ${width}×${height} page as an image within the limits (${expected}), with the saved file's path and size`, async () => {
      const browser = await scriptedBrowser(t.port, {
        screenshot: (options) => screenshotAnswer(width, height, options),
      });
      const result = await call(client, 'screenshot_capture');
      const image = imageOf(result)!;
      const rule = previewSize(width, height, PREVIEW_LIMITS.maxDimension);
      assert.deepEqual(
        [image.width, image.height],
        [rule.width, rule.height],
        'the decoded image follows the downscale rule',
      );
      assert.ok(Math.max(image.width, image.height) <= 1600);
      assert.ok(image.bytes <= PREVIEW_LIMITS.maxBytes);
      assert.equal(image.mimeType, 'image/png', 'the MIME type comes from the data URL');
      const text = textOf(result);
      const path = /Screenshot saved to (\S+) \(png, (\d+)×(\d+) px, [\d.]+ kB\)\./.exec(text);
      assert.ok(path, text);
      assert.deepEqual([Number(path[2]), Number(path[3])], [width, height]);
      const saved = decodeImageDataUrl(`data:image/png;base64,${readFileSync(path[1]!).toString('base64')}`);
      assert.deepEqual([saved.width, saved.height], [width, height], 'the full image is on disk');
      if (expected === 'not scaled') assert.doesNotMatch(text, /scaled|top part/);
      if (expected === 'scaled down')
        assert.match(text, /The image below is scaled down to 1600×1000 px from 3200×2000 px\./);
      if (expected === 'top part')
        assert.match(
          text,
          new RegExp(
            `shows only the top part of the page at ${rule.width}×${rule.height} px; the whole page is ${width}×${height} px\\. Read the rest in the saved file`,
          ),
        );
      await browser.close();
    });
  }

  it('asks the browser for the spec defaults plus a model-sized preview, and passes options and tabId on', async () => {
    const browser = await scriptedBrowser(t.port, { screenshot: (options) => screenshotAnswer(100, 100, options) });
    await call(client, 'screenshot_capture');
    await call(client, 'takeScreenshot', {
      options: {
        fullPage: false,
        format: 'jpeg',
        quality: 60,
        selector: '#cart',
        removeElements: ['.cookie'],
        waitFor: 50,
      },
      tabId: 9,
    });
    assert.deepEqual(
      browser.received.map((frame) => frame.options),
      [
        { fullPage: true, quality: 80, format: 'png', preview: { maxDimension: 1600, maxBytes: 1_000_000 } },
        {
          fullPage: false,
          quality: 60,
          format: 'jpeg',
          selector: '#cart',
          removeElements: ['.cookie'],
          waitFor: 50,
          preview: { maxDimension: 1600, maxBytes: 1_000_000 },
          tabId: 9,
        },
      ],
    );
    await browser.close();
  });

  it('takes the MIME type of a JPEG preview from its data URL', async () => {
    const browser = await scriptedBrowser(t.port, {
      screenshot: () => ({
        data: pngDataUrl(2400, 1200),
        preview: { data: jpegDataUrl(1600, 800), width: 1600, height: 800, cropped: false },
      }),
    });
    const image = imageOf(await call(client, 'screenshot_capture'))!;
    assert.deepEqual([image.mimeType, image.width, image.height], ['image/jpeg', 1600, 800]);
    await browser.close();
  });

  it('without a preview, returns a small original as is, and asks the browser to scale a large one', async () => {
    let size = [800, 600];
    const browser = await scriptedBrowser(t.port, {
      screenshot: () => ({ data: pngDataUrl(size[0]!, size[1]!) }),
      commands: {
        'preview-image': () => ({ data: pngDataUrl(1600, 1067), width: 1600, height: 1067, cropped: false }),
      },
    });
    const small = await call(client, 'screenshot_capture');
    const image = small.content.find((item): item is ImageContent => item.type === 'image')!;
    assert.equal(image.mimeType, 'image/png');
    assert.equal(image.data, solidPng(800, 600).toString('base64'), 'the captured image itself');
    assert.deepEqual(
      browser.received.map((frame) => frame.type),
      ['screenshot-request'],
      'no preview asked for a small original',
    );
    size = [2400, 1600];
    const large = await call(client, 'screenshot_capture');
    assert.deepEqual(pick(imageOf(large)), ['image/png', 1600, 1067]);
    assert.match(textOf(large), /The image below is scaled down to 1600×1067 px from 2400×1600 px\./);
    const ask = browser.received.at(-1)!;
    assert.equal(ask.name, 'preview-image');
    assert.deepEqual(
      ask.args,
      { data: pngDataUrl(2400, 1600), maxDimension: 1600, maxBytes: 1_000_000 },
      'the original and the limits',
    );
    await browser.close();
  });

  it('asks the browser again when its preview breaks the limits', async () => {
    const browser = await scriptedBrowser(t.port, {
      screenshot: () => ({
        data: pngDataUrl(3000, 3000),
        preview: { data: pngDataUrl(2000, 2000), width: 2000, height: 2000, cropped: false },
      }),
      commands: {
        'preview-image': () => ({ data: jpegDataUrl(1600, 1600), width: 1600, height: 1600, cropped: false }),
      },
    });
    const result = await call(client, 'screenshot_capture');
    assert.deepEqual(pick(imageOf(result)), ['image/jpeg', 1600, 1600]);
    await browser.close();
  });

  it('an older extension that cannot make a preview: no oversized image, and a note that says what to do', async () => {
    const browser = await scriptedBrowser(t.port, {
      screenshot: () => ({ data: pngDataUrl(3000, 2000) }),
      commands: {
        'preview-image': () => {
          throw {
            code: 'UNKNOWN_COMMAND',
            message: "This extension does not know the command 'preview-image': update it.",
          };
        },
      },
    });
    const large = await call(client, 'screenshot_capture');
    assert.equal(imageOf(large), undefined, 'no oversized image reaches the model');
    assert.equal(large.isError, undefined);
    assert.match(
      textOf(large),
      /The image is too large to show here \(3000×2000 px, [\d.]+ kB\) and the browser could not make a model-sized copy \(.*does not know the command 'preview-image'.*update the browser extension\)\. Open the saved file/,
    );
    await browser.close();
  });

  it('a browser that does not answer the preview request: the screenshot still answers, in time', async () => {
    const browser = await scriptedBrowser(t.port, { screenshot: () => ({ data: pngDataUrl(3000, 2000) }) });
    const large = await call(client, 'screenshot_capture');
    assert.equal(imageOf(large), undefined);
    assert.match(
      textOf(large),
      /Screenshot saved to .*\n.*could not make a model-sized copy \(.*did not answer within 300 ms/,
    );
    await browser.close();
  });

  it('reports a timeout, a browser failure and bad options as errors with a next step', async () => {
    let mode = 'silent';
    const browser = await scriptedBrowser(t.port, {
      screenshot: () => (mode === 'silent' ? undefined : { error: 'Cannot capture a chrome:// page' }),
    });
    const timedOut = await call(client, 'screenshot_capture');
    assert.equal(timedOut.isError, true);
    assert.match(textOf(timedOut), /did not answer within 300 ms.*\nRetry with fullPage=false/s);
    mode = 'error';
    const failed = await call(client, 'screenshot_capture');
    assert.match(textOf(failed), /Cannot capture a chrome:\/\/ page/);
    const quality = await call(client, 'screenshot_capture', { options: { quality: 500 } });
    assert.equal(quality.isError, true);
    assert.match(textOf(quality), /'options\.quality': Too big/);
    const misplaced = await call(client, 'screenshot_capture', { fullPage: false });
    assert.match(
      textOf(misplaced),
      /unknown argument\(s\) 'fullPage'.*Arguments screenshot_capture takes: options, tabId\./,
    );
    await browser.close();
  });
});
