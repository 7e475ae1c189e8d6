/**
 * Action benchmark: Browser Debug's take_snapshot, click and fill next to chrome-devtools-mcp 1.11's, in one
 * run, on the same fixture pages (test/e2e/fixtures/actApp: the tea shop and its 2,000-row page).
 * Ours: the standalone connector (dist/cli.js) and Chromium with our extension; theirs: its own Chromium.
 * Then, ours only, a page of 10 iframes (same-origin, and cross-site: out-of-process) against one document of the
 * same elements (bench/framePages.ts).
 * Usage: npm run bench:act   (prints figures; not a test). BENCH_ACT_RUNS sets the calls per action (default 30);
 * BENCH_ACT_FRAMES_ONLY=1 stops before chrome-devtools-mcp's run; BENCH_EXTENSION_DIR measures another build's
 * dist/browser-extension (e.g. an older commit's, for before/after).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ActAppServer } from '../test/e2e/support/actAppServer';
import { httpClient } from '../test/support/mcp';
import { installPeer, peerUid, PEER_VERSION, startPeer } from './chromeDevtoolsMcp';
import { startActStage } from './actStage';
import { runBench } from './connectorProcess';
import { FRAMES, startFramePages } from './framePages';
import { toolText } from './toolText';
import { ourRef } from './ourClient';

const RUNS = Number(process.env.BENCH_ACT_RUNS ?? 30);
/** take_snapshot calls per page: each reads the whole page, so a few suffice. */
const SNAPSHOT_RUNS = Number(process.env.BENCH_SNAPSHOT_RUNS ?? 3);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

interface Side {
  name: string;
  navigate(url: string): Promise<void>;
  snapshot(): Promise<string>;
  ref(snapshot: string, pattern: RegExp): string;
  click(ref: string): Promise<void>;
  fill(ref: string, value: string): Promise<void>;
}

interface Figures {
  small: number;
  big: number;
  /** take_snapshot times in ms, SNAPSHOT_RUNS calls each. */
  smallMs: number[];
  bigMs: number[];
  click: number[];
  fill: number[];
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** The snapshot's length, and how long each of SNAPSHOT_RUNS calls took (the first one warms up). */
async function snapshots(side: Side): Promise<{ text: string; ms: number[] }> {
  const text = await side.snapshot();
  const ms: number[] = [];
  for (let i = 0; i < SNAPSHOT_RUNS; i++) ms.push(await timed(async () => void (await side.snapshot())));
  return { text, ms };
}

async function measure(side: Side, app: ActAppServer): Promise<Figures> {
  await side.navigate(`${app.origin}/rows.html`);
  const bigSnapshots = await snapshots(side);
  await side.navigate(`${app.origin}/`);
  const smallSnapshots = await snapshots(side);
  const smallText = smallSnapshots.text;
  const button = side.ref(smallText, /button "Key target"/);
  const field = side.ref(smallText, /textbox "Nickname"/);
  const click: number[] = [];
  const fill: number[] = [];
  await side.click(button); // warm-up: attaches, resolves, caches
  for (let i = 0; i < RUNS; i++) click.push(await timed(() => side.click(button)));
  await side.fill(field, 'warm');
  for (let i = 0; i < RUNS; i++) fill.push(await timed(() => side.fill(field, `oolong ${i}`)));
  return {
    small: smallText.length,
    big: bigSnapshots.text.length,
    smallMs: smallSnapshots.ms,
    bigMs: bigSnapshots.ms,
    click,
    fill,
  };
}

/** The median of SNAPSHOT_RUNS take_snapshot calls on a page (after one to warm up), and its line count. */
async function snapshotOf(side: Side, url: string): Promise<{ ms: number; lines: number }> {
  await side.navigate(url);
  const { text, ms } = await snapshots(side);
  return { ms: percentile(ms, 50), lines: text.split('\n').filter((line) => /^\s*e\d+ /.test(line)).length };
}

/**
 * Ours only: one document against the same elements in 10 same-origin iframes and in 10 iframes of
 * another site (out-of-process, read over their child sessions). Target: the frames ≤ 1.5× the flat page.
 */
async function framesFigures(side: Side): Promise<void> {
  const pages = await startFramePages();
  try {
    const flat = await snapshotOf(side, pages.flat);
    const same = await snapshotOf(side, pages.sameOrigin);
    const cross = await snapshotOf(side, pages.crossSite);
    console.log(
      `\nSnapshot of ${FRAMES} iframes against one document of the same elements (median of ${SNAPSHOT_RUNS}):`,
    );
    for (const [label, figure] of [
      ['one document', flat],
      [`${FRAMES} same-origin iframes`, same],
      [`${FRAMES} cross-site iframes`, cross],
    ] as const)
      console.log(
        `${label.padEnd(26)} ${`${figure.ms.toFixed(1)} ms`.padStart(12)} ${`${figure.lines} refs`.padStart(10)} ${(figure.ms / flat.ms).toFixed(2).padStart(6)}×`,
      );
    const worst = Math.max(same.ms, cross.ms) / flat.ms;
    console.log(`Target: iframes ≤ 1.5× one document (${worst <= 1.5 ? 'met' : 'MISSED'}: ${worst.toFixed(2)}×).`);
  } finally {
    await pages.close();
  }
}

function ours(client: Client): Side {
  return {
    name: 'Browser Debug',
    navigate: async (url) => void (await toolText(client, 'navigate_to_url', { url })),
    snapshot: () => toolText(client, 'take_snapshot', {}),
    ref: ourRef,
    click: async (ref) => void (await toolText(client, 'click', { ref })),
    fill: async (ref, value) => void (await toolText(client, 'fill', { ref, value })),
  };
}

function theirs(client: Client): Side {
  return {
    name: `chrome-devtools-mcp ${PEER_VERSION}`,
    navigate: async (url) => void (await toolText(client, 'navigate_page', { type: 'url', url })),
    snapshot: () => toolText(client, 'take_snapshot', {}),
    ref: peerUid,
    click: async (uid) => void (await toolText(client, 'click', { uid })),
    fill: async (uid, value) => void (await toolText(client, 'fill', { uid, value })),
  };
}

function row(label: string, a: number, b: number, unit: string): string {
  const shown = (value: number) => (unit === 'ms' ? value.toFixed(1) : String(Math.round(value)));
  return `${label.padEnd(26)} ${`${shown(a)} ${unit}`.padStart(14)} ${`${shown(b)} ${unit}`.padStart(16)} ${(a / b).toFixed(2).padStart(8)}×`;
}

function report(mine: Figures, peer: Figures): void {
  console.log(
    `\n${''.padEnd(26)} ${'Browser Debug'.padStart(14)} ${`cdt-mcp ${PEER_VERSION}`.padStart(16)} ${'ours/theirs'.padStart(9)}`,
  );
  console.log(row('snapshot, small page', mine.small, peer.small, 'chars'));
  console.log(row('snapshot, 2,000 rows', mine.big, peer.big, 'chars'));
  for (const [label, a, b] of [
    ['snapshot small', mine.smallMs, peer.smallMs],
    ['snapshot 2,000 rows', mine.bigMs, peer.bigMs],
    ['click', mine.click, peer.click],
    ['fill', mine.fill, peer.fill],
  ] as const) {
    console.log(row(`${label} p50 (${a.length} calls)`, percentile(a, 50), percentile(b, 50), 'ms'));
    console.log(row(`${label} p95`, percentile(a, 95), percentile(b, 95), 'ms'));
  }
  console.log(
    `\nTargets: big-page snapshot ≤ 25,000 chars (${mine.big <= 25_000 ? 'met' : 'MISSED'}) in at most chrome-devtools-mcp's time (${percentile(mine.bigMs, 50) <= percentile(peer.bigMs, 50) ? 'met' : 'MISSED'}); click p50 ≤ half of chrome-devtools-mcp's (${percentile(mine.click, 50) <= percentile(peer.click, 50) / 2 ? 'met' : 'MISSED'}).`,
  );
}

async function main(): Promise<void> {
  const peerBin = installPeer();
  const stage = await startActStage(process.env.BENCH_EXTENSION_DIR);
  const { app, port, browser } = stage;
  try {
    const page = await browser.context.newPage();
    await page.goto(`${app.origin}/`);
    await page.bringToFront();
    const { client } = await httpClient(port);
    const mine = await measure(ours(client), app);
    console.log(`Browser Debug, snapshot of the small page: p50 ${percentile(mine.smallMs, 50).toFixed(1)} ms`);
    await framesFigures(ours(client));
    if (process.env.BENCH_ACT_FRAMES_ONLY) return;
    await client.close();
    await browser.close();
    const peerClient = await startPeer(peerBin, stage.chromium);
    const peer = await measure(theirs(peerClient), app);
    await peerClient.close();
    report(mine, peer);
  } finally {
    await stage.close();
  }
}

runBench(main);
