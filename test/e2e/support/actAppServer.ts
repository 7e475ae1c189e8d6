import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { listenOnLoopback, sendFixtureFile } from '../../support/staticFiles';

const APP = join(__dirname, '../fixtures/actApp');

export interface ActAppServer {
  port: number;
  origin: string;
  /** Requests the server saw (method and path), so tests can tell whether a page acted. */
  seen: { method: string; path: string }[];
  /** The checkout page's fix "deployed": checkout.js handles an order service that is down. */
  fixedCheckout: boolean;
  close(): Promise<void>;
}

/** The tea shop the action tests drive (test/e2e/fixtures/actApp): static pages, and `POST /api/order` and `/api/draft` failing with 500. */
export async function startActApp(): Promise<ActAppServer> {
  const seen: ActAppServer['seen'] = [];
  const state = { fixedCheckout: false };
  const server: Server = createServer((req, res) => {
    let path = new URL(req.url ?? '/', 'http://fixture').pathname;
    if (path === '/checkout.js' && state.fixedCheckout) path = '/checkout-fixed.js';
    seen.push({ method: req.method ?? 'GET', path });
    if (path === '/api/order' || path === '/api/draft') {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ error: 'the tea warehouse is on fire' }));
    }
    // A link here is a navigation the browser requests but never commits.
    if (path === '/api/no-content') return res.writeHead(204).end();
    // Answers only when the server closes: a request that keeps the page busy.
    if (path === '/api/hang') return;
    sendFixtureFile(res, APP, path);
  });
  return Object.assign(state, await listenOnLoopback(server), { seen });
}
