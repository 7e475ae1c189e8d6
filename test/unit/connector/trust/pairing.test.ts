import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PairingBook } from '../../../../src/connector/trust/pairingBook';
import { userSecret } from '../../../../src/connector/trust/userSecret';
import { browserProofQuery } from '../../../../src/shared/pairing';
import { createHmac, randomBytes } from 'node:crypto';
import { BROWSER_LABEL, CONNECTOR_LABEL } from '../../../../src/shared/pairing';
import { post, request } from '../../../support/http';
import { until } from '../../../support/until';
import { startMcpConnector, type McpTestConnector } from '../../../support/mcp';
import { freePortRun } from '../../../support/ports';
import { kill9, spawnCli } from '../../../support/spawnedConnector';
import { TestSocket } from '../../../support/wsClient';

const ROOT = resolve(__dirname, '../../../..');
const hmac = (key: string, text: string) => createHmac('sha256', Buffer.from(key, 'hex')).update(text).digest('hex');

/** Runs test/support/otherUser.ts as another user would: its own state folder, so its own secret. */
function otherUser(port: number): Promise<Record<string, unknown>> {
  const state = mkdtempSync(join(tmpdir(), 'bd-other-user-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/otherUser.ts', String(port)], {
    cwd: ROOT,
    env: { ...process.env, XDG_STATE_HOME: state },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((done, fail) =>
    child.once('exit', (code) => {
      rmSync(state, { recursive: true, force: true });
      if (code !== 0) return fail(new Error(`other user exited with ${code}`));
      done(JSON.parse(out) as Record<string, unknown>);
    }),
  );
}

describe('pairing and the per-user secret', function () {
  this.timeout(30_000);
  let t: McpTestConnector;
  beforeEach(async () => (t = await startMcpConnector()));
  afterEach(() => t.stop());

  it('keeps the secret in a 0600 file in a 0700 folder of the user state folder', () => {
    const file = t.connector.config.secretFile;
    assert.equal(file, join(process.env.XDG_STATE_HOME!, 'browser-debug', 'secret'));
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(dirname(file)).mode & 0o777, 0o700);
    assert.equal(userSecret(file), userSecret(file), 'the same secret on every read');
    assert.ok(userSecret(file).length >= 40);
  });

  it('refuses a second local user (a process without our secret) on /mcp, the HTTP API, /ws and /extension-ws', async () => {
    const answers = await otherUser(t.port);
    assert.equal(answers.identity, 200, '/.identity stays public');
    for (const door of ['logsWithout', 'logsWithOwnSecret', 'wipeWithOwnSecret', 'codeWithOwnSecret'])
      assert.equal(answers[door], 401, door);
    for (const door of ['wsWithout', 'wsWithOwnSecret', 'extensionWsWithout']) assert.equal(answers[door], 401, door);
    assert.match(String(answers.mcpWithout), /UNAUTHORIZED.*Missing caller secret/);
    assert.match(String(answers.mcpWithOwnSecret), /UNAUTHORIZED.*Wrong caller secret/);
    const refusal = answers.refusal as { error: { code: string; message: string } };
    assert.equal(refusal.error.code, 'UNAUTHORIZED');
    assert.match(refusal.error.message, /Authorization: Bearer <the secret in .*browser-debug\/secret>/);
    assert.equal(t.connector.services.store.counts().consoleLogs, 0);
  });

  it('a code pairs once; a wrong, reused or expired code is refused, and guessing is rate-limited', async () => {
    const code = (await post(t.port, '/pairing/code')).json.code as string;
    assert.match(code, new RegExp(`^${t.port}-[2-9A-Z]{4}-[2-9A-Z]{4}$`));
    const bare = code.slice(code.indexOf('-') + 1);
    const wrong = await request(t.port, 'POST', '/pairing/pair', { body: { code: 'ZZZZ-ZZZZ' }, anonymous: true });
    assert.equal(wrong.status, 403);
    assert.match(wrong.json.error.message, /Wrong pairing code/);
    const paired = await request(t.port, 'POST', '/pairing/pair', { body: { code: bare }, anonymous: true });
    assert.equal(paired.status, 200);
    assert.match(paired.json.pairingId, /^[0-9a-f]{16}$/);
    const again = await request(t.port, 'POST', '/pairing/pair', { body: { code: bare }, anonymous: true });
    assert.equal(again.status, 403, 'single use');
    for (let i = 0; i < 3; i++)
      await request(t.port, 'POST', '/pairing/pair', { body: { code: 'ZZZZ-ZZZZ' }, anonymous: true });
    const fresh = (await post(t.port, '/pairing/code')).json.code as string;
    const limited = await request(t.port, 'POST', '/pairing/pair', {
      body: { code: fresh.slice(fresh.indexOf('-') + 1) },
      anonymous: true,
    });
    assert.equal(limited.status, 429, 'five wrong codes a minute: even a right one waits');
    assert.match(limited.json.error.message, /wait a minute/);
    let now = 1_000;
    const book = new PairingBook(
      join(process.env.XDG_STATE_HOME!, 'browser-debug', 'pairings.json'),
      () => 1,
      () => now,
    );
    const later = book.issueCode().slice(2);
    now += 11 * 60_000;
    assert.throws(() => book.redeem(later), /expired/);
  });

  it('npm start prints a one-time code that pairs a browser, and no secret', async () => {
    const port = await freePortRun(1);
    const cli = spawnCli(port, ['--journal', 'off']);
    try {
      await cli.port;
      await until(() => /Pair it once: type \d+-\S+ in its popup/.test(cli.output()));
      const code = /type (\d+-[2-9A-Z]{4}-[2-9A-Z]{4}) in its popup/.exec(cli.output())![1]!;
      assert.equal(code.split('-')[0], String(port));
      const paired = await request(port, 'POST', '/pairing/pair', {
        body: { code: code.slice(code.indexOf('-') + 1) },
        anonymous: true,
      });
      assert.equal(paired.status, 200);
      assert.equal(cli.output().includes(userSecret()), false, 'the secret is never printed');
      assert.equal(cli.output().includes(paired.json.key), false, 'nor the key');
    } finally {
      await kill9(cli);
    }
  });

  it('proves itself over a nonce, and takes a browser only with a fresh proof of the key', async () => {
    const { pairingId, key } = t.connector.services.pairings.add('test');
    const nonce = randomBytes(16).toString('hex');
    const challenge = await request(t.port, 'POST', '/pairing/challenge', {
      body: { pairingId, nonce },
      anonymous: true,
    });
    assert.equal(challenge.status, 200);
    assert.equal(challenge.json.proof, hmac(key, CONNECTOR_LABEL + nonce));
    const unknown = await request(t.port, 'POST', '/pairing/challenge', {
      body: { pairingId: 'ab'.repeat(8), nonce },
      anonymous: true,
    });
    assert.equal(unknown.status, 403);
    const wrongProof = browserProofQuery({ pairingId, nonce: challenge.json.nonce, proof: hmac(key, 'x') });
    await assert.rejects(TestSocket.open(`ws://127.0.0.1:${t.port}/extension-ws?${wrongProof}`, {}, true), /401/);
    const next = (await request(t.port, 'POST', '/pairing/challenge', { body: { pairingId, nonce }, anonymous: true }))
      .json.nonce as string;
    const right = browserProofQuery({ pairingId, nonce: next, proof: hmac(key, BROWSER_LABEL + next) });
    const socket = await TestSocket.open(`ws://127.0.0.1:${t.port}/extension-ws?${right}`, {}, true);
    const greeting = await socket.ofType('connection-established');
    assert.match(String(greeting.session), /^[\w-]{32}$/);
    const withSession = await request(t.port, 'GET', '/console-logs', {
      headers: { authorization: `Bearer ${String(greeting.session)}` },
      anonymous: true,
    });
    assert.equal(withSession.status, 200, 'the session bearer works while the socket lives');
    await socket.close();
    await assert.rejects(
      TestSocket.open(`ws://127.0.0.1:${t.port}/extension-ws?${right}`, {}, true),
      /401/,
      'a nonce once',
    );
  });
});
