import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import UPNG from 'upng-js';

/** The README's demo frame: small enough to keep the animation light, large enough to read VS Code's text. */
export const DEMO_SIZE = { width: 960, height: 600 };
const CAPTION_HEIGHT = 44;
/** The screenshot's area under the caption: a page of this shape (or a multiple) is scaled, never cropped. */
export const DEMO_PICTURE = { width: DEMO_SIZE.width, height: DEMO_SIZE.height - CAPTION_HEIGHT };
/** Colours per frame: 256 keeps a five-frame demo around 100–200 KB. */
const COLOURS = 256;

/** One step of the demo: a real screenshot, its caption, and how long it stays on screen. */
export interface DemoFrame {
  caption: string;
  holdMs: number;
  png: Buffer;
}

/**
 * A real screenshot under a caption bar, at the demo's size, drawn by `composer` (a spare page of any
 * Chromium). The screenshot keeps its top-left corner, where VS Code's side bar and editor tabs are.
 */
export async function captioned(composer: Page, shot: Buffer, caption: string): Promise<Buffer> {
  const { width, height } = DEMO_SIZE;
  await composer.setViewportSize(DEMO_SIZE);
  await composer.setContent(
    `<body style="margin:0;width:${width}px;height:${height}px;overflow:hidden;background:#1f1f1f;font:600 20px system-ui,sans-serif">` +
      `<div style="height:${CAPTION_HEIGHT}px;line-height:${CAPTION_HEIGHT}px;padding:0 16px;color:#fff;background:#0b5cad"></div>` +
      `<img style="display:block;width:${width}px;height:${DEMO_PICTURE.height}px;object-fit:cover;object-position:top left"></body>`,
  );
  // The caption is set as text, never parsed as HTML.
  await composer.evaluate(
    ([label, src]) => {
      document.querySelector('div')!.textContent = label!;
      document.querySelector('img')!.src = src!;
    },
    [caption, `data:image/png;base64,${shot.toString('base64')}`],
  );
  await composer.waitForFunction(() => document.images[0]!.complete && document.images[0]!.naturalWidth > 0);
  return composer.screenshot();
}

/** The frames as one looping APNG (each frame held its `holdMs`), quantised to keep the file small. */
export function encodeApng(frames: readonly DemoFrame[]): Buffer {
  const rgba = frames.map((frame) => UPNG.toRGBA8(UPNG.decode(toArrayBuffer(frame.png)))[0]!);
  const delays = frames.map((frame) => frame.holdMs);
  return Buffer.from(UPNG.encode(rgba, DEMO_SIZE.width, DEMO_SIZE.height, COLOURS, delays));
}

/** Writes the animation, creating its folder. */
export function writeApng(path: string, frames: readonly DemoFrame[]): Buffer {
  const apng = encodeApng(frames);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, apng);
  return apng;
}

/** What a decoder sees in an APNG: its size and frame count (the test checks the file it wrote). */
export function describeApng(bytes: Buffer): { width: number; height: number; frames: number } {
  const image = UPNG.decode(toArrayBuffer(bytes));
  return { width: image.width, height: image.height, frames: image.frames.length };
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
