import { connectFakeBrowser, startTestConnector, until, type TestConnector } from '../../../support/connector';
import type { TestSocket } from '../../../support/wsClient';

export interface HttpApiRig {
  /** The connector's port. */
  readonly port: number;
  readonly connector: TestConnector['connector'];
  /** A fake browser extension connected to it. */
  readonly browser: TestSocket;
  /** Sends events as the extension does, and waits until the store holds them. */
  feed(events: unknown[]): Promise<void>;
}

/** Mocha hooks: a fresh connector and a fake browser connected to it for every test. */
export function httpApiRig(): HttpApiRig {
  let t: TestConnector;
  let browser: TestSocket;
  beforeEach(async () => {
    t = await startTestConnector();
    browser = await connectFakeBrowser(t.port);
  });
  afterEach(async () => {
    await browser.close();
    await t.stop();
  });
  return {
    get port() {
      return t.port;
    },
    get connector() {
      return t.connector;
    },
    get browser() {
      return browser;
    },
    async feed(events) {
      const before = t.connector.services.store.lastSeq;
      browser.send({ type: 'batch', events });
      await until(() => t.connector.services.store.lastSeq >= before + events.length);
    },
  };
}
