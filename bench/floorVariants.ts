/**
 * `BENCH_FLOOR=variants`: several floor extensions side by side in one bench:page run, each adding a different
 * set of `chrome.webRequest` listeners that do nothing, so the run shows which part of a listener set costs the
 * browser's UI thread. Each is written to a temp folder from the table below (the fixture's manifest and empty
 * content script, a generated background.js).
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './median';
import { ACTIVE_WORKLOADS, fmt, LABELS, pairedTable, type Side, type Sides } from './pageReport';

const ALL = "{ urls: ['<all_urls>'] }";
/** One listener: the event, its filter (JS source) and its extraInfoSpec. */
type Listener = [event: string, filter: string, spec?: string[]];

/** Ours since issue 38: status and response headers from onCompleted (no onResponseStarted). */
const OURS: Listener[] = [
  ['onBeforeRequest', ALL, ['requestBody']],
  ['onSendHeaders', ALL, ['requestHeaders', 'extraHeaders']],
  ['onBeforeRedirect', ALL, ['responseHeaders', 'extraHeaders']],
  ['onCompleted', ALL, ['responseHeaders', 'extraHeaders']],
  ['onErrorOccurred', ALL],
];
const without = (listeners: Listener[], dropped: string): Listener[] =>
  listeners.map(([event, filter, spec]) => [event, filter, spec?.filter((s) => s !== dropped)]);
const filtered = (listeners: Listener[], filter: string): Listener[] =>
  listeners.map(([event, , spec]) => [event, filter, spec]);

/** The variants, by name: what each one changes from ours. */
const ALL_VARIANTS: Record<string, Listener[]> = {
  'no webRequest permission (content script only)': [],
  'no listener (content script only)': [],
  'before issue 38 (six listeners, onResponseStarted too)': [
    ...OURS.slice(0, 3),
    ['onResponseStarted', ALL, ['responseHeaders', 'extraHeaders']],
    ['onCompleted', ALL],
    ['onErrorOccurred', ALL],
  ],
  'ours (five listeners)': OURS,
  'ours without extraHeaders': without(OURS, 'extraHeaders'),
  'ours without requestBody': without(OURS, 'requestBody'),
  'ours, no extraInfoSpec at all': OURS.map(([event, filter]) => [event, filter]),
  'ours without onSendHeaders (no request headers)': OURS.filter(([event]) => event !== 'onSendHeaders'),
  'onCompleted only (responseHeaders)': [['onCompleted', ALL, ['responseHeaders']]],
  'ours, types: main_frame only': filtered(OURS, "{ urls: ['<all_urls>'], types: ['main_frame'] }"),
  'ours, filtered to another tab': filtered(OURS, "{ urls: ['<all_urls>'], tabId: 999999 }"),
  'ours + socket floor: an empty listener per socket': OURS,
  'ours + socket floor: frames kept, sent in batches': OURS,
};

/**
 * The least a page-side WebSocket capture does, as a MAIN-world script beside the listeners: every socket
 * built through a wrapped constructor, a `message` listener on each, a wrapped send(); then the same keeping
 * each frame and handing them over in batches as one JSON string (no isolated-world listener takes them).
 */
const SOCKET_WATCH = `const Native = WebSocket;
const send = Native.prototype.send;
const frame = (data) => {};
Native.prototype.send = function (data) { frame(data); return send.call(this, data); };
window.WebSocket = new Proxy(Native, {
  construct(target, args, newTarget) {
    const socket = Reflect.construct(target, args, newTarget);
    socket.addEventListener('message', (event) => frame(event.data));
    return socket;
  },
});`;
const SOCKET_BATCHES = SOCKET_WATCH.replace(
  'const frame = (data) => {};',
  `let batch = [];
const flush = () => {
  dispatchEvent(new CustomEvent('floor-batch', { detail: JSON.stringify(batch) }));
  batch = [];
};
const frame = (data) => {
  if (batch.push({ url: location.href, timestamp: Date.now(), text: data }) === 1) setTimeout(flush, 25);
};`,
);
const PAGE_SCRIPTS: Record<string, string> = {
  'ours + socket floor: an empty listener per socket': SOCKET_WATCH,
  'ours + socket floor: frames kept, sent in batches': SOCKET_BATCHES,
};

/** `BENCH_VARIANTS=permission,five`: only the variants whose names contain one of these words. */
const ONLY = process.env.BENCH_VARIANTS?.split(',');
export const VARIANTS: Record<string, Listener[]> = Object.fromEntries(
  Object.entries(ALL_VARIANTS).filter(([name]) => !ONLY || ONLY.some((word) => name.includes(word))),
);

function source(listeners: Listener[]): string {
  const lines = listeners.map(
    ([event, filter, spec]) =>
      `chrome.webRequest.${event}.addListener(() => undefined, ${filter}${spec ? `, ${JSON.stringify(spec)}` : ''});`,
  );
  return `/* global chrome */\n${lines.join('\n')}\n`;
}

/** Writes each variant's extension; answers its folder by name. */
export function writeVariants(fixtureDir: string): [string, string][] {
  return Object.entries(VARIANTS).map(([name, listeners]) => {
    const dir = mkdtempSync(join(tmpdir(), 'bd-floor-'));
    const manifest = JSON.parse(readFileSync(join(fixtureDir, 'manifest.json'), 'utf8')) as {
      permissions: string[];
      content_scripts: Record<string, unknown>[];
    };
    // Chrome proxies every request of a profile where an extension holds the permission, listeners or not.
    if (name.startsWith('no webRequest permission')) manifest.permissions = [];
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    copyFileSync(join(fixtureDir, 'content.js'), join(dir, 'content.js'));
    if (PAGE_SCRIPTS[name]) {
      writeFileSync(join(dir, 'page.js'), PAGE_SCRIPTS[name]);
      manifest.content_scripts.push({ ...manifest.content_scripts[0]!, js: ['page.js'], world: 'MAIN' });
    }
    writeFileSync(join(dir, 'background.js'), source(listeners));
    return [name, dir];
  });
}

/** Each variant's UI-thread CPU, main-thread CPU and wall time per workload (medians). */
export function variantsTable(variants: [string, Side][]): string[] {
  const cell = (side: Side, workload: (typeof ACTIVE_WORKLOADS)[number]) => {
    const of = (pick: (s: Side['samples'][typeof workload][number]) => number) =>
      fmt(median(side.samples[workload].map(pick)));
    return `${of((s) => s.browserMs)} / ${of((s) => s.mainMs)} / ${of((s) => s.scriptMs)} ms`;
  };
  return [
    `| Variant | ${ACTIVE_WORKLOADS.map((w) => `${LABELS[w]}: UI / main / wall`).join(' | ')} |`,
    `|---|${ACTIVE_WORKLOADS.map(() => '---|').join('')}`,
    ...variants.map(([name, side]) => `| ${name} | ${ACTIVE_WORKLOADS.map((w) => cell(side, w)).join(' | ')} |`),
  ];
}

/** The variants' medians beside the page without us and ours, then each against the peer round by round. */
export function variantLines(variants: [string, Side][], sides: Sides): string[] {
  return [
    '\nVariants (BENCH_FLOOR=variants, BENCH_BUILDS), medians:\n',
    ...variantsTable([['no extension', sides.plain], ...variants, ['Browser Debug', sides.ours]]),
    '',
    ...pairedTable([...variants, ['Browser Debug', sides.ours]], sides),
  ];
}
