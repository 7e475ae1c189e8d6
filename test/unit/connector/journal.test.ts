import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from '../../../src/connector/config';
import { Connector } from '../../../src/connector/connector';
import { attachJournal } from '../../../src/connector/journal/journal';
import { silentLogger } from '../../../src/connector/logger';
import { CaptureStore } from '../../../src/connector/store';

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
});
