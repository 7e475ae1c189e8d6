/**
 * What the page hook costs per WebSocket frame, by part, in a cold page: `bench:page` gives the socket workload's
 * total, and a traced profile cannot split a call of a few µs (Blink takes a CPU sample as it enters each listener,
 * so most samples in our listener are "(program)"). Here each round is a fresh page with one open socket, and 198
 * received frames are dispatched on it synchronously (a `message` event, as the browser dispatches one), then a
 * 199th, which fills the hook's batch of 200 (with the open event) and so pays its flush: one JSON string and one DOM
 * event. Sides, in the same rounds: no hook; an empty `message` listener added by the page (what one more
 * listener costs, whoever adds it); our built hook; and, with BENCH_BASELINE_DIR, other builds' hooks (folders,
 * comma-separated, each named by its folder).
 * The page is cross-origin isolated, so its clock reads to 5 µs rather than 100 µs.
 * Usage: npm run bench:socket-hook   (BENCH_ROUNDS=25 by default; prints figures, not a test)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { WebSocketServer } from 'ws';
import { chromiumPath, EXTENSION_DIR } from '../test/e2e/support/chromium';
import { median } from './median';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
/** With the socket's open event, a full batch of the hook's (HOLD_COUNT in pageHook.ts). */
const FRAMES = 199;

interface Side {
  name: string;
  /** A script run at document start, before the page's own (the hook), if any. */
  hook?: string;
  /** The page adds an empty `message` listener of its own. */
  emptyListener?: boolean;
  frame: number[];
  flush: number[];
  warm: number[];
}

async function startEcho(): Promise<{ origin: string; close(): void }> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.setHeader('cross-origin-opener-policy', 'same-origin');
    response.setHeader('cross-origin-embedder-policy', 'require-corp');
    response.end('<!doctype html><title>socket hook cost</title>');
  });
  new WebSocketServer({ server }).on('connection', (socket) =>
    socket.on('message', (data, binary) => socket.send(data, { binary })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * In the page: µs per received frame (the first 199), µs of the 200th, which flushes the batch, and µs per frame
 * of 198 more (the same code warm, short of the next flush): what is first-time work and what is each frame's.
 */
function pageWork(frames: number, emptyListener: boolean): Promise<{ frame: number; flush: number; warm: number }> {
  return new Promise((done) => {
    const socket = new WebSocket(location.origin.replace('http', 'ws'));
    socket.onopen = () => {
      socket.onmessage = () => undefined;
      if (emptyListener) socket.addEventListener('message', () => undefined);
      const text = JSON.stringify({ seq: 1, text: 'hello'.repeat(20) });
      const start = performance.now();
      for (let i = 0; i < frames - 1; i++) socket.dispatchEvent(new MessageEvent('message', { data: text }));
      const last = performance.now();
      socket.dispatchEvent(new MessageEvent('message', { data: text }));
      const end = performance.now();
      for (let i = 0; i < frames - 1; i++) socket.dispatchEvent(new MessageEvent('message', { data: text }));
      const warm = ((performance.now() - end) * 1000) / (frames - 1);
      socket.close();
      done({ frame: ((last - start) * 1000) / (frames - 1), flush: (end - last) * 1000, warm });
    };
  });
}

async function main(): Promise<void> {
  const echo = await startEcho();
  const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox'] });
  const hookOf = (dir: string) => readFileSync(join(dir, 'pageHook.js'), 'utf8');
  const side = (name: string, more: Partial<Side>): Side => ({ name, frame: [], flush: [], warm: [], ...more });
  const sides = [
    side('no hook', {}),
    side('an empty listener', { emptyListener: true }),
    ...(process.env.BENCH_BASELINE_DIR ?? '')
      .split(',')
      .filter(Boolean)
      .map((dir) => side(basename(dir), { hook: hookOf(dir) })),
    side('ours', { hook: hookOf(EXTENSION_DIR) }),
  ];
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const each of sides) {
        const page = await browser.newPage();
        if (each.hook) await page.evaluateOnNewDocument(each.hook);
        await page.goto(`${echo.origin}/?round=${round}`);
        const result = await page.evaluate(pageWork, FRAMES, each.emptyListener ?? false);
        each.frame.push(result.frame);
        each.flush.push(result.flush);
        each.warm.push(result.warm);
        await page.close();
      }
  } finally {
    await browser.close();
    echo.close();
  }
  console.log(`\nOne received text frame (${FRAMES} in a fresh page), medians of ${ROUNDS} rounds\n`);
  console.log(
    '| Side | µs a frame | added | the last frame, with the flush (µs) | µs a frame, warm | added |\n|---|---|---|---|---|---|',
  );
  const [bare, bareWarm] = [median(sides[0]!.frame), median(sides[0]!.warm)];
  for (const each of sides)
    console.log(
      `| ${each.name} | ${median(each.frame).toFixed(2)} | ${(median(each.frame) - bare).toFixed(2)} | ${median(each.flush).toFixed(0)} | ${median(each.warm).toFixed(2)} | ${(median(each.warm) - bareWarm).toFixed(2)} |`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
