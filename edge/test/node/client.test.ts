import { importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { batchFrame, CaptureQueue } from '../../../src/shared/remote/captureQueue';
import { generateClientKeys, signAssertion } from '../../../src/shared/remote/clientKeys';
import { originMatcher } from '../../../src/shared/remote/originFilter';

const log = (n: number) => ({ type: 'console-log', level: 'info', message: `m${n}`, timestamp: n });

describe('client: origin opt-in', () => {
  it('shares only pages of the listed origins', () => {
    const allowed = originMatcher(['https://app.example.com', 'https://*.staging.example.com', 'http://localhost:*']);
    expect(allowed('https://app.example.com/page?x=1')).toBe(true);
    expect(allowed('https://app.example.com:443/')).toBe(true);
    expect(allowed('http://app.example.com/')).toBe(false);
    expect(allowed('https://evil-app.example.com/')).toBe(false);
    expect(allowed('https://a.staging.example.com/')).toBe(true);
    expect(allowed('https://staging.example.com/')).toBe(false);
    expect(allowed('http://localhost:5173/')).toBe(true);
    expect(allowed('https://mail.google.com/')).toBe(false);
    expect(allowed(undefined)).toBe(false);
    expect(allowed('not a url')).toBe(false);
    expect(originMatcher([])('https://app.example.com/')).toBe(false);
  });
});

describe('client: capture queue', () => {
  it('batches in order and keeps batches until acked, resending them after a reconnect', () => {
    const queue = new CaptureQueue(100, 3);
    for (let i = 1; i <= 7; i++) queue.push(log(i));
    const first = queue.take()!;
    const second = queue.take()!;
    expect(JSON.parse(batchFrame(first))).toEqual({ type: 'batch', batchSeq: 1, events: [log(1), log(2), log(3)] });
    expect(second.batchSeq).toBe(2);
    queue.ack(1);
    expect(queue.resend().map((b) => b.batchSeq)).toEqual([2]);
    expect(queue.size).toBe(4);
    expect(queue.take()!.events.map((e) => JSON.parse(e))).toEqual([log(7)]);
    queue.ack(3);
    expect(queue.size).toBe(0);
    expect(queue.take()).toBeUndefined();
  });

  it('is bounded: drops the oldest waiting captures and reports the gap as a dropped capture', () => {
    const queue = new CaptureQueue(5, 10);
    for (let i = 1; i <= 8; i++) queue.push(log(i));
    expect(queue.size).toBe(5);
    expect(queue.dropped).toBe(3);
    const events = queue.take()!.events.map((e) => JSON.parse(e));
    expect(events[0]).toMatchObject({ type: 'dropped', count: 3 });
    expect(events.slice(1).map((e) => e.message)).toEqual(['m4', 'm5', 'm6', 'm7', 'm8']);
  });

  it('keeps every batch under the edge’s 4 MB frame limit, however large the captures (bodies included)', () => {
    const queue = new CaptureQueue();
    const big = (n: number) => ({ ...log(n), responseBody: 'x'.repeat(60_000) });
    for (let i = 1; i <= 500; i++) queue.push(big(i));
    const sizes: number[] = [];
    const seen: number[] = [];
    for (let batch = queue.take(); batch; batch = queue.take()) {
      sizes.push(new TextEncoder().encode(batchFrame(batch)).length);
      seen.push(...batch.events.map((e) => JSON.parse(e).timestamp));
    }
    expect(Math.max(...sizes)).toBeLessThan(4 * 1024 * 1024);
    expect(sizes.length).toBeGreaterThan(1);
    expect(seen).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
  });
});

describe('client: proof of possession', () => {
  it('signs an ES256 assertion that verifies against the enrolled public key, for that audience only', async () => {
    const keys = await generateClientKeys('laptop-1');
    const assertion = await signAssertion(keys, 'https://edge.example.com/auth/token');
    const key = await importSPKI(`-----BEGIN PUBLIC KEY-----\n${keys.publicKey}\n-----END PUBLIC KEY-----`, 'ES256');
    const { payload } = await jwtVerify(assertion, key, {
      issuer: 'laptop-1',
      subject: 'laptop-1',
      audience: 'https://edge.example.com/auth/token',
    });
    expect(payload.exp! - payload.iat!).toBe(60);
    await expect(jwtVerify(assertion, key, { audience: 'https://other.example.com/auth/token' })).rejects.toThrow();
  });
});
