import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connector } from '../../../../src/connector/connector';
import { resolveConfig } from '../../../../src/connector/config/config';
import { exportHar } from '../../../../src/connector/har/harExport';
import { silentLogger } from '../../../../src/connector/logging/logger';
import { ScreenshotFolder } from '../../../../src/connector/screenshots/screenshotFolder';
import { CaptureStore } from '../../../../src/connector/capture/store';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('trust/privateFiles: captured data on disk is the user’s alone', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bd-private-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('screenshots and HAR exports: folders 0700, files 0600', async () => {
    const shots = join(dir, 'browser-debug', 'screenshots');
    const config = resolveConfig({ screenshots: { dir: shots } });
    const png = await new ScreenshotFolder(config.screenshots, silentLogger).save(
      { format: 'png', bytes: Buffer.from('png'), width: 1, height: 1 },
      Date.now(),
    );
    assert.equal(mode(shots), 0o700);
    assert.equal(mode(png), 0o600);
    const store = new CaptureStore(config.limits);
    store.ingest({ type: 'network-request', method: 'GET', url: 'http://a.test/?token=x', status: 200, timestamp: 1 });
    const har = await exportHar(store, config, { limit: 10 }, silentLogger);
    assert.equal(mode(join(dir, 'browser-debug', 'exports')), 0o700);
    assert.equal(mode(har.path), 0o600);
  });

  it('at start, folders and files an earlier version left 0755/0644 become 0700/0600 (ours only in shared folders)', async () => {
    const base = join(dir, 'browser-debug');
    const folders = ['screenshots', 'exports', 'recordings', 'audits', 'traces'].map((name) => join(base, name));
    const files = [
      join(base, 'screenshots', 'screenshot-2026-01-01T00-00-00-000Z-0001.png'),
      join(base, 'exports', 'network-2026-01-01T00-00-00-000Z-0001.har'),
      join(base, 'recordings', 'rec-1.json'),
      join(base, 'audits', 'report.json'),
      join(base, 'traces', 'trace.json.gz'),
    ];
    const theirs = join(base, 'screenshots', 'holiday.png');
    for (const folder of folders) mkdirSync(folder, { recursive: true, mode: 0o755 });
    for (const file of [...files, theirs]) writeFileSync(file, 'x', { mode: 0o644 });
    for (const path of [...folders, ...files, theirs])
      chmodSync(path, path.endsWith('png') || path.includes('.') ? 0o644 : 0o755);
    const connector = await Connector.start({
      port: 0,
      screenshots: { dir: join(base, 'screenshots') },
      recordings: { dir: join(base, 'recordings') },
      audits: { reportDir: join(base, 'audits') },
    });
    await connector.stop();
    for (const folder of folders) assert.equal(mode(folder), 0o700, folder);
    for (const file of files) assert.equal(mode(file), 0o600, file);
    assert.equal(mode(theirs), 0o644, 'a file of the user’s own in a folder they chose is left alone');
    assert.deepEqual(readdirSync(join(base, 'screenshots')).sort(), [
      'holiday.png',
      'screenshot-2026-01-01T00-00-00-000Z-0001.png',
    ]);
  });
});
