import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig } from '../../../../src/connector/config/config';
import { exportHar, exportsFolder } from '../../../../src/connector/har/harExport';
import { silentLogger } from '../../../../src/connector/logging/logger';
import { CaptureStore } from '../../../../src/connector/capture/store';

describe('HAR exports folder (connector)', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'bd-har-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the newest exports within the cap and never touches files it did not write', async () => {
    const config = { screenshots: { ...defaultConfig().screenshots, dir: join(root, 'screenshots') } };
    const store = new CaptureStore(defaultConfig().limits);
    const folder = exportsFolder(config);
    const paths: string[] = [];
    for (let i = 0; i < 4; i++) {
      const written = await exportHar(store, config, { limit: 10 }, silentLogger, { maxFiles: 2, maxBytes: 1e9 });
      paths.push(written.path);
      if (i === 0) {
        writeFileSync(join(folder, 'my-notes.har'), '{}');
        writeFileSync(join(folder, 'network-login.har'), '{}');
      }
    }
    const kept = readdirSync(folder).sort();
    assert.equal(new Set(paths).size, 4, 'each export has its own name');
    assert.ok(kept.includes('my-notes.har'), 'a file we did not write stays');
    assert.ok(kept.includes('network-login.har'), 'even one whose name starts as ours do');
    assert.ok(kept.includes(paths[3]!.split('/').pop()!), 'the newest stays');
    assert.equal(kept.filter((name) => name.startsWith('network-2')).length, 2);
  });
});
