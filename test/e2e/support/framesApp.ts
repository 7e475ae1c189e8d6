import { createServer } from 'node:http';
import { join } from 'node:path';
import { listenOnLoopback, sendFixtureFile } from '../../support/staticFiles';

const APP = join(__dirname, '../fixtures/frames-capture');

export interface FramesApp {
  port: number;
  /** The top page's origin (127.0.0.1). */
  origin: string;
  /** The cross-origin frame's origin: pay.localhost on the same port, another site. */
  payOrigin: string;
  /** Paths the server was asked for, in order. */
  seen: string[];
  close(): Promise<void>;
}

/** Serves test/e2e/fixtures/frames-capture on a loopback port, reached as 127.0.0.1 and as pay.localhost. */
export async function startFramesApp(): Promise<FramesApp> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    seen.push(path);
    sendFixtureFile(res, APP, path);
  });
  const listening = await listenOnLoopback(server);
  return { ...listening, payOrigin: `http://pay.localhost:${listening.port}`, seen };
}
