import { createServer } from 'node:http';
import { listenOnLoopback } from '../test/support/staticFiles';

/** Iframes on the many-documents pages, and elements in each: the one-document page holds all of them. */
export const FRAMES = 10;
const PER_FRAME = 30;

/** One part's elements: headings, paragraphs, buttons and inputs, as a form section would have. */
function part(index: number): string {
  const items: string[] = [`<h2>Part ${index}</h2>`];
  for (let i = 0; i < PER_FRAME / 3; i++)
    items.push(
      `<p>Line ${index}.${i}</p>`,
      `<button>Act ${index}.${i}</button>`,
      `<label>Field ${index}.${i} <input></label>`,
    );
  return items.join('\n');
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

export interface FramePages {
  /** All parts in one document. */
  flat: string;
  /** Each part in a same-origin iframe (one process). */
  sameOrigin: string;
  /** Each part in an iframe of another site (localhost against 127.0.0.1): out-of-process iframes. */
  crossSite: string;
  close(): Promise<void>;
}

/** Serves the three pages of the frames snapshot bench on a loopback port. */
export async function startFramePages(): Promise<FramePages> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    const host = req.headers.host ?? '';
    const port = host.slice(host.lastIndexOf(':') + 1);
    const frames = (origin: string) =>
      Array.from(
        { length: FRAMES },
        (_, i) => `<iframe title="Part ${i}" src="${origin}/part?i=${i}" width="600" height="500"></iframe>`,
      ).join('\n');
    const body =
      url.pathname === '/flat'
        ? Array.from({ length: FRAMES }, (_, i) => part(i)).join('\n')
        : url.pathname === '/same'
          ? frames('')
          : url.pathname === '/cross'
            ? frames(`http://localhost:${port}`)
            : url.pathname === '/part'
              ? part(Number(url.searchParams.get('i')))
              : undefined;
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(url.pathname, body));
  });
  const { origin, close } = await listenOnLoopback(server);
  return { flat: `${origin}/flat`, sameOrigin: `${origin}/same`, crossSite: `${origin}/cross`, close };
}
