/**
 * Where inspect_element's time goes (a profiling aid next to bench/inspect.ts; prints figures, not a test):
 * MCP calls that do nothing in the browser, that reach it without CDP, and inspect_element, over stdio (the
 * stdio bin and the connector it starts, as bench/inspect.ts runs it) and over that connector's HTTP /mcp, the
 * same inspection over the HTTP API, each CDP call the extension makes, sent alone from the service worker
 * on the same debugger session, and the rules' call through chrome.debugger against a DevTools connection.
 * Usage: npm run build && node --import tsx bench/inspectProfile.ts   (BENCH_INSPECT_RUNS, default 30)
 */
import { chromiumPath } from '../test/e2e/support/chromium';
import { startApp } from '../test/e2e/support/devApps';
import { inspectReactApp } from '../test/e2e/support/inspectApps';
import { runBench } from './connectorProcess';
import { inspectedApp, type InspectedApp } from './inspectedApp';
import { median } from './median';
import { toolText } from './toolText';
import { callerHeaders } from '../test/support/callerSecret';

const RUNS = Number(process.env.BENCH_INSPECT_RUNS ?? 30);

async function timed(label: string, call: () => Promise<unknown>): Promise<void> {
  await call();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await call();
    ms.push(performance.now() - started);
  }
  console.log(`${label.padEnd(44)} ${median(ms).toFixed(1).padStart(7)} ms`);
}

type WorkerCdp = (method: string, params?: Record<string, unknown>) => Promise<{ ms: number }>;

/**
 * The floor under inspect_element against get_css_styles: the same calls on the same tab, in turn, through
 * chrome.debugger (an extension's only way to the protocol) and through a DevTools connection (Playwright's CDP
 * session here; chrome-devtools-mcp's Puppeteer has one of its own), each timed by its caller.
 */
async function overTheirTransport(browser: InspectedApp['browser'], cdp: WorkerCdp, nodeId: number): Promise<void> {
  const page = browser.context.pages().find((open) => open.url().startsWith('http'));
  if (!page) throw new Error('the app tab is gone');
  const session = await browser.context.newCDPSession(page);
  await session.send('DOM.enable');
  await session.send('CSS.enable');
  const { root } = await session.send('DOM.getDocument', { depth: 0 });
  const { nodeId: theirNode } = await session.send('DOM.querySelector', {
    nodeId: root.nodeId,
    selector: 'button.counter',
  });
  const calls: [string, string, () => Record<string, unknown>, () => Record<string, unknown>][] = [
    [
      'CSS.getMatchedStylesForNode (26 KB)',
      'CSS.getMatchedStylesForNode',
      () => ({ nodeId }),
      () => ({ nodeId: theirNode }),
    ],
    ['Runtime.evaluate 1', 'Runtime.evaluate', () => ({ expression: '1' }), () => ({ expression: '1' })],
  ];
  console.log('The same call, in turn: chrome.debugger from the worker | a DevTools connection from Node');
  for (const [label, method, ours, theirs] of calls) {
    const times = { ours: [] as number[], theirs: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      times.ours.push((await cdp(method, ours())).ms);
      const started = performance.now();
      await session.send(method as 'Runtime.evaluate', theirs() as never);
      times.theirs.push(performance.now() - started);
    }
    const [a, b] = [median(times.ours), median(times.theirs)];
    console.log(
      `  ${label.padEnd(36)} ${a.toFixed(1).padStart(6)} ms | ${b.toFixed(1).padStart(6)} ms  (${a >= b ? '+' : '−'}${Math.abs(a - b).toFixed(1)} ms)`,
    );
  }
  await session.detach();
}

async function main(): Promise<void> {
  const chromium = chromiumPath();
  if (!chromium) throw new Error('No Chromium found.');
  const app = await startApp(inspectReactApp);
  const {
    port,
    stdio,
    http: client,
    browser,
    ref,
    stop,
  } = await inspectedApp(chromium, `${app.origin}/`, 'bench-inspect-profile').catch(async (error: unknown) => {
    await app.stop();
    throw error;
  });
  try {
    await timed('MCP stdio get_console_logs (no browser)', () => toolText(stdio, 'get_console_logs', {}));
    await timed('MCP stdio list_tabs (browser, no CDP)', () => toolText(stdio, 'list_tabs', {}));
    await timed('MCP stdio inspect_element', () => toolText(stdio, 'inspect_element', { ref }));
    await timed('MCP HTTP get_current_page (round trip)', () => toolText(client, 'get_current_page', {}));
    await timed('MCP HTTP get_console_logs (no browser)', () => toolText(client, 'get_console_logs', {}));
    await timed('HTTP GET /console-logs (no browser)', () =>
      fetch(`http://127.0.0.1:${port}/console-logs`, { headers: callerHeaders() }).then((response) => response.text()),
    );
    await timed('MCP HTTP list_tabs (browser, no CDP)', () => toolText(client, 'list_tabs', {}));
    await timed('MCP HTTP inspect_element', () => toolText(client, 'inspect_element', { ref }));
    await timed('HTTP POST /inspect-element', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/inspect-element`, {
        method: 'POST',
        headers: { ...callerHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify({ ref }),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
      return response.text();
    });
    const worker = browser.worker;
    const cdp = (method: string, params: Record<string, unknown> = {}) =>
      worker.evaluate(
        async ([method, params]) => {
          const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
          const started = performance.now();
          const result = (await chrome.debugger.sendCommand({ tabId: tab!.id! }, method, params)) as Record<
            string,
            unknown
          >;
          return { ms: performance.now() - started, result };
        },
        [method, params] as const,
      );
    const inWorker = async (label: string, method: string, params: () => Record<string, unknown>) => {
      // An inspection keeps the extension's debugger session from its idle detach.
      await toolText(client, 'inspect_element', { ref });
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) ms.push((await cdp(method, params())).ms);
      console.log(`  in worker: ${label.padEnd(32)} ${median(ms).toFixed(1).padStart(7)} ms`);
    };
    const { result: doc } = await cdp('DOM.getDocument', { depth: 0 });
    const { result: found } = await cdp('DOM.querySelector', {
      nodeId: (doc.root as { nodeId: number }).nodeId,
      selector: 'button.counter',
    });
    const nodeId = found.nodeId as number;
    const { result: described } = await cdp('DOM.describeNode', { nodeId });
    const backendNodeId = (described.node as { backendNodeId: number }).backendNodeId;
    await inWorker('DOM.getDocument', 'DOM.getDocument', () => ({ depth: 0 }));
    await inWorker('DOM.pushNodesByBackendIds', 'DOM.pushNodesByBackendIdsToFrontend', () => ({
      backendNodeIds: [backendNodeId],
    }));
    const { result: pushed } = await cdp('DOM.pushNodesByBackendIdsToFrontend', { backendNodeIds: [backendNodeId] });
    const nodeId2 = (pushed.nodeIds as number[])[0]!;
    await inWorker('CSS.getMatchedStylesForNode', 'CSS.getMatchedStylesForNode', () => ({ nodeId: nodeId2 }));
    await inWorker('CSS.getComputedStyleForNode', 'CSS.getComputedStyleForNode', () => ({ nodeId: nodeId2 }));
    await inWorker('DOM.getBoxModel', 'DOM.getBoxModel', () => ({ backendNodeId }));
    await inWorker('DOM.resolveNode', 'DOM.resolveNode', () => ({ backendNodeId }));
    await inWorker('Accessibility.getPartialAXTree', 'Accessibility.getPartialAXTree', () => ({
      backendNodeId,
      fetchRelatives: false,
    }));
    await inWorker('Runtime.evaluate 1', 'Runtime.evaluate', () => ({ expression: '1' }));
    await cdp('Accessibility.enable');
    await inWorker('getPartialAXTree, AX enabled', 'Accessibility.getPartialAXTree', () => ({
      backendNodeId,
      fetchRelatives: false,
    }));
    await cdp('Accessibility.disable');
    await overTheirTransport(browser, cdp, nodeId2);
  } finally {
    await stop();
    await app.stop();
  }
}

runBench(main);
