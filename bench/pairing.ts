/**
 * What pairing costs: the challenge round trip a browser makes before each connection (its HMAC and
 * the connector's), and an HTTP API call with and without the caller secret's check in the way.
 * Run: node --import tsx bench/pairing.ts (uses a throwaway state folder).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connector } from '../src/connector/connector';
import { secretHeaders, userSecret } from '../src/connector/trust/userSecret';
import { CONNECTOR_LABEL } from '../src/shared/pairing';
import { median } from './median';

// Read when the connector starts and when the secret is read, both after this line.
const state = mkdtempSync(join(tmpdir(), 'bd-bench-pairing-'));
process.env.XDG_STATE_HOME = state;

async function timed(runs: number, task: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times;
}

async function main(): Promise<void> {
  const connector = await Connector.start({ port: 0 });
  const base = `http://127.0.0.1:${connector.port}`;
  const headers = secretHeaders(userSecret());
  const { pairingId, key } = connector.services.pairings.add('bench');
  const challenge = async () => {
    const nonce = randomBytes(16).toString('hex');
    const response = await fetch(`${base}/pairing/challenge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pairingId, nonce }),
    });
    const { proof } = (await response.json()) as { proof: string };
    const expected = createHmac('sha256', Buffer.from(key, 'hex'))
      .update(CONNECTOR_LABEL + nonce)
      .digest('hex');
    if (proof !== expected) throw new Error('bad proof');
  };
  await timed(50, challenge);
  const rounds = await timed(500, challenge);
  const withSecret = await timed(500, () => fetch(`${base}/.port`, { headers }).then((r) => r.text()));
  const identity = await timed(500, () => fetch(`${base}/.identity`).then((r) => r.text()));
  const inProcess = await timed(500, async () => connector.services.pairings.prove(pairingId, 'ab'.repeat(16)));
  console.log(
    `connector's half of the challenge (reads pairings.json, one HMAC): median ${median(inProcess).toFixed(3)} ms`,
  );
  // Node's fetch POSTs its body in a second packet: most of a round trip here is the client's, not ours.
  console.log(`challenge round trip over HTTP (proof checked): median ${median(rounds).toFixed(2)} ms over 500`);
  console.log(`GET /.port with the secret checked: median ${median(withSecret).toFixed(2)} ms over 500`);
  console.log(`GET /.identity (open, no secret):   median ${median(identity).toFixed(2)} ms over 500`);
  await connector.stop();
  rmSync(state, { recursive: true, force: true });
}

void main();
