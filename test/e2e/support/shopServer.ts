import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { listenOnLoopback, sendFixtureFile } from '../../support/staticFiles';

const SITE = join(__dirname, '../fixtures/shop');

export interface ShopServer {
  origin: string;
  /** The bug: POST /api/order with qty 0 answers 500. Set to true to "deploy the fix". */
  fixed: boolean;
  orders: { tea: string; qty: number }[];
  close(): Promise<void>;
}

/** The tea shop fixture of the recordings tests: static files plus POST /api/order. */
export async function startShopServer(): Promise<ShopServer> {
  const shop = { fixed: false, orders: [] as ShopServer['orders'] };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop');
    if (url.pathname === '/api/order' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const order = JSON.parse(body || '{}') as { tea: string; qty: number };
        shop.orders.push(order);
        res.statusCode = order.qty <= 0 && !shop.fixed ? 500 : 200;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ok: res.statusCode === 200 }));
      });
      return;
    }
    sendFixtureFile(res, SITE, url.pathname);
  });
  const { origin, close } = await listenOnLoopback(server);
  return Object.assign(shop, { origin, close });
}

/** How a DevTools Recorder export made on the shop begins: its viewport, then the shop's page opened. */
export function recorderOpening(origin: string) {
  return [
    {
      type: 'setViewport',
      width: 1280,
      height: 800,
      deviceScaleFactor: 1,
      isMobile: false,
      hasTouch: false,
      isLandscape: true,
    },
    {
      type: 'navigate',
      url: `${origin}/`,
      assertedEvents: [{ type: 'navigation', url: `${origin}/`, title: 'Tea shop' }],
    },
  ];
}
