import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeExport } from '../../../../../src/connector/recordings/export/exportFile';

describe('writing an exported test (files roots)', () => {
  let root: string;
  let elsewhere: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bd-export-root-'));
    elsewhere = mkdtempSync(join(tmpdir(), 'bd-export-elsewhere-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('writes inside a root, creating folders, under the export’s own name for a folder path', async () => {
    const path = await writeExport('tests/e2e/', 'checkout.spec.ts', 'test text', [root]);
    assert.equal(path, join(root, 'tests', 'e2e', 'checkout.spec.ts'));
    assert.equal(readFileSync(path, 'utf8'), 'test text');
  });

  it('refuses a path that leaves the roots through a symlinked folder, and writes nothing there', async () => {
    symlinkSync(elsewhere, join(root, 'link'));
    await assert.rejects(writeExport('link/escape.spec.ts', 'x.spec.ts', 'text', [root]), /written only inside/);
    assert.equal(existsSync(join(elsewhere, 'escape.spec.ts')), false);
  });

  it('refuses a path outside the roots and never overwrites a file', async () => {
    await assert.rejects(writeExport(join(elsewhere, 'a.spec.ts'), 'a.spec.ts', 'text', [root]), /written only inside/);
    await writeExport('a.spec.ts', 'a.spec.ts', 'first', [root]);
    await assert.rejects(writeExport('a.spec.ts', 'a.spec.ts', 'second', [root]), /already exists/);
    assert.equal(readFileSync(join(root, 'a.spec.ts'), 'utf8'), 'first');
  });
});
