import WebSocket from 'ws';
import { ApiError } from '../../shared/errors';
import type { AuditBrowserSource, CdpTransport } from '../audit/auditBrowser';

/** Where the browser's own DevTools connection is: VS Code's launched browser, or a debugging endpoint. */
export interface DevtoolsChoice {
  source?: AuditBrowserSource;
  /** `http://127.0.0.1:9222`, `ws://…/devtools/browser/…` or a bare port. */
  endpoint?: string;
}

export const NO_DEVTOOLS_MESSAGE =
  "Chrome does not let extensions take heap snapshots (chrome.debugger has no HeapProfiler), so a leak check needs the browser's own DevTools connection. " +
  'Use VS Code\'s "Launch Browser", or allow remote debugging for your Chrome (chrome://inspect/#remote-debugging, Chrome 144+; or start it with --remote-debugging-port=9222 and its own --user-data-dir) ' +
  'and set browserDebug.audits.debuggingEndpoint (BROWSER_DEBUG_AUDIT_ENDPOINT) to http://127.0.0.1:9222. Then find leaks again.';

const CONNECT_TIMEOUT_MS = 5_000;

/** The browser-level WebSocket URL of an endpoint (DevTools' /json/version answers it). */
async function browserSocketUrl(endpoint: string): Promise<string> {
  if (/^wss?:/.test(endpoint)) return endpoint;
  const base = /^\d+$/.test(endpoint) ? `http://127.0.0.1:${endpoint}` : endpoint.replace(/\/+$/, '');
  const response = await fetch(`${base}/json/version`, { signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) });
  const body = (await response.json()) as { webSocketDebuggerUrl?: unknown };
  if (typeof body.webSocketDebuggerUrl !== 'string') throw new Error(`${base}/json/version named no WebSocket`);
  return body.webSocketDebuggerUrl;
}

function socketTransport(url: string): Promise<CdpTransport> {
  return new Promise((resolve, reject) => {
    // Snapshots of big heaps arrive in many chunks: no frame limit below the browser's own. No
    // permessage-deflate: Chrome would compress every megabyte chunk on its side and we would inflate it on
    // ours, on a loopback socket where bytes cost nothing (puppeteer turns it off too).
    const socket = new WebSocket(url, {
      maxPayload: 512 * 1024 * 1024,
      handshakeTimeout: CONNECT_TIMEOUT_MS,
      perMessageDeflate: false,
    });
    const transport: CdpTransport = {
      send: (message) => socket.send(message),
      close: () => socket.close(),
    };
    socket.on('message', (data) => transport.onmessage?.(data.toString()));
    socket.on('close', () => transport.onclose?.());
    socket.once('open', () => resolve(transport));
    socket.once('error', reject);
  });
}

/** A browser-level CDP connection, or a clear error that says how to give the connector one. */
export async function openDevtools(choice: DevtoolsChoice): Promise<CdpTransport> {
  if (choice.source) return choice.source.openTransport();
  if (!choice.endpoint) throw new ApiError('SERVICE_UNAVAILABLE', NO_DEVTOOLS_MESSAGE, { reason: 'no-devtools' });
  try {
    return await socketTransport(await browserSocketUrl(choice.endpoint));
  } catch (error) {
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      `The browser's DevTools endpoint ${choice.endpoint} did not answer (${(error as Error).message}). Check the browser still runs with remote debugging on, then find leaks again.`,
      { reason: 'devtools-unreachable' },
    );
  }
}
