import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTunnelLoad } from './tunnelLoad';
import { unlimitedAccount } from './unlimitedAccount';
import { startWranglerDev, type DevServer } from './wranglerDev';

/** The spec's maximum, as the issue asks: 1,000 tunnel clients held for a minute, nothing lost. */
let dev: DevServer;
let token: string;

beforeAll(async () => {
  dev = await startWranglerDev('load-secret-that-is-long-enough-0123456789');
  token = await (await unlimitedAccount(dev)).token();
}, 120_000);

afterAll(async () => {
  await dev?.stop();
});

describe('tunnel under the spec’s maximum load (wrangler dev --local)', () => {
  it('holds 1,000 client connections for 60 s with captures flowing, and every client gets every capture in order', async () => {
    const result = await runTunnelLoad({ url: dev.url, token, clients: 1000, seconds: 60, perSecond: 10 });
    console.log(
      `load: 1000 clients connected in ${result.connectMs} ms; ${result.complete} complete, ${result.open} open, ${result.delivered} frames delivered`,
    );
    expect(result.sent).toBeGreaterThanOrEqual(590);
    expect(result.open).toBe(1000);
    expect(result.complete).toBe(1000);
    expect(result.delivered).toBe(1000 * result.sent);
  }, 180_000);
});
