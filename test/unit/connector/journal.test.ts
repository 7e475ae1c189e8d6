import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from '../../../src/connector/config/config';
import { Connector } from '../../../src/connector/connector';
import { attachJournal } from '../../../src/connector/journal/journal';
import { silentLogger } from '../../../src/connector/logging/logger';
import { CaptureStore } from '../../../src/connector/capture/store';

const log = (message: string) => ({ type: 'console-log' as const, level: 'log' as const, message, timestamp: 1 });

describe('capture journal', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bd-journal-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('carries history into a new store, as after a restart or a takeover', () => {
    const file = join(dir, 'journal.jsonl');
    const first = new CaptureStore(resolveConfig().limits);
    const stop = attachJournal(first, file, silentLogger);
    first.ingest({ type: 'page-navigated', url: 'http://localhost:5173/', pageLoadId: 'L1', tabId: 1, timestamp: 1 });
    first.ingest(log('before restart'));
    first.ingest({
      type: 'network-request',
      method: 'GET',
      url: 'http://localhost:5173/api',
      status: 500,
      timestamp: 2,
    });
    stop();
    const second = new CaptureStore(resolveConfig().limits);
    attachJournal(second, file, silentLogger)();
    assert.equal(second.query(['consoleLogs'], () => true, 10).entries[0]!.message, 'before restart');
    assert.equal(second.query(['consoleLogs'], () => true, 10).entries[0]!.pageLoadId, 'L1');
    assert.equal(second.counts().networkErrors, 1);
    assert.equal(second.currentPage?.url, 'http://localhost:5173/');
  });

  it('is emptied when the captures are cleared', () => {
    const file = join(dir, 'journal.jsonl');
    const store = new CaptureStore(resolveConfig().limits);
    const stop = attachJournal(store, file, silentLogger);
    store.ingest(log('gone'));
    stop();
    const again = attachJournal(store, file, silentLogger);
    store.clear();
    again();
    assert.equal(readFileSync(file, 'utf8'), '');
  });

  it('stays bounded, keeping the newer half, and skips unreadable lines', () => {
    const file = join(dir, 'journal.jsonl');
    writeFileSync(file, 'not json\n{"type":"mystery"}\n');
    const store = new CaptureStore(resolveConfig().limits);
    const stop = attachJournal(store, file, silentLogger, { maxBytes: 20_000, flushMs: 5 });
    for (let i = 0; i < 1000; i++) store.ingest(log(`line ${i} ${'x'.repeat(50)}`));
    stop();
    assert.ok(statSync(file).size <= 20_000);
    const replayed = new CaptureStore(resolveConfig().limits);
    attachJournal(replayed, file, silentLogger)();
    const messages = replayed.query(['consoleLogs'], () => true, 2000).entries.map((entry) => entry.message);
    assert.ok(messages.at(-1)!.startsWith('line 999 '), 'the newest survive');
    assert.ok(messages.length < 1000 && messages.length > 50);
  });

  it('a journal that cannot be opened costs durability, not the connector: it starts and warns', async () => {
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, '');
    const warnings: string[] = [];
    const connector = await Connector.start(
      { port: 0, screenshots: { dir } },
      {
        journalFile: join(blocker, 'journal.jsonl'),
        logger: { ...silentLogger, warn: (m: string) => warnings.push(m) },
      },
    );
    try {
      assert.ok(connector.port > 0);
      assert.match(warnings.join('\n'), /Could not open the capture journal .*kept in memory only/);
    } finally {
      await connector.stop();
    }
  });

  it('is private: folder 0700, file 0600; an older 0644 journal in a 0755 folder is tightened at start', () => {
    const folder = join(dir, 'state', 'journal');
    mkdirSync(folder, { recursive: true, mode: 0o755 });
    chmodSync(folder, 0o755);
    const file = join(folder, 'connector-3025.jsonl');
    writeFileSync(file, JSON.stringify(log('old')) + '\n', { mode: 0o644 });
    chmodSync(file, 0o644);
    const stop = attachJournal(new CaptureStore(resolveConfig().limits), file, silentLogger);
    stop();
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const fresh = join(dir, 'new', 'deeper', 'j.jsonl');
    const store = new CaptureStore(resolveConfig().limits);
    const off = attachJournal(store, fresh, silentLogger, { flushMs: 5 });
    store.ingest(log('new'));
    off();
    assert.equal(statSync(join(dir, 'new', 'deeper')).mode & 0o777, 0o700);
    assert.equal(statSync(fresh).mode & 0o777, 0o600);
  });

  it('drops captures journaled longer ago than the retention, at start and while running (bytes on disk)', async () => {
    const file = join(dir, 'journal.jsonl');
    const now = Date.now();
    const at = (ms: number, message: string) => JSON.stringify({ journaledAt: ms, ...log(message) }) + '\n';
    writeFileSync(file, at(now - 3 * 3_600_000, 'three hours old') + at(now - 60_000, 'a minute old'));
    const store = new CaptureStore(resolveConfig().limits);
    const stop = attachJournal(store, file, silentLogger, { maxAgeMs: 3_600_000 });
    stop();
    assert.deepEqual(
      store.query(['consoleLogs'], () => true, 10).entries.map((entry) => entry.message),
      ['a minute old'],
    );
    assert.ok(!readFileSync(file, 'utf8').includes('three hours old'), 'gone from the file');
    assert.ok(readFileSync(file, 'utf8').includes('a minute old'));
    // While running: with a 400 ms retention the expiry runs every 50 ms.
    const running = new CaptureStore(resolveConfig().limits);
    const off = attachJournal(running, file, silentLogger, { maxAgeMs: 400, flushMs: 5 });
    running.ingest(log('short-lived'));
    const until = async (check: () => boolean, what: string) => {
      const started = Date.now();
      while (!check()) {
        assert.ok(Date.now() - started < 5000, what);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await until(() => readFileSync(file, 'utf8').includes('short-lived'), 'journaled');
    await until(() => !readFileSync(file, 'utf8').includes('short-lived'), 'expired');
    off();
    assert.equal(readFileSync(file, 'utf8'), '', 'every line expired');
  });

  it("rewrites an earlier version's unredacted lines redacted: the password leaves the bytes on disk", () => {
    const file = join(dir, 'journal.jsonl');
    const login = {
      type: 'network-request',
      method: 'POST',
      url: 'http://app.test/login?token=t-123',
      status: 200,
      timestamp: 1,
      requestHeaders: { 'content-type': 'application/json' },
      requestBody: '{"user":"ann","password":"hunter2"}',
    };
    writeFileSync(file, JSON.stringify(login) + '\n');
    attachJournal(new CaptureStore(resolveConfig().limits), file, silentLogger)();
    const bytes = readFileSync(file, 'utf8');
    assert.ok(!bytes.includes('hunter2') && !bytes.includes('t-123'), bytes);
    assert.match(bytes, /"password\\":\\"\[redacted\]/);
  });
  it('a journal still open in another window keeps writing to the shared file after this one restores it', async () => {
    const file = join(dir, 'shared.jsonl');
    const other = new CaptureStore(resolveConfig().limits);
    const stopOther = attachJournal(other, file, silentLogger);
    // This window attaches too (it tried to host the connector): its restore rewrites the file at start.
    attachJournal(new CaptureStore(resolveConfig().limits), file, silentLogger)();
    other.ingest(log('written after the rewrite'));
    await other.commit();
    stopOther();
    const next = new CaptureStore(resolveConfig().limits);
    attachJournal(next, file, silentLogger)();
    assert.deepEqual(
      next.query(['consoleLogs'], () => true, 10).entries.map((entry) => entry.message),
      ['written after the rewrite'],
    );
  });
});
