import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeExport } from '../../../../../src/connector/recordings/export/exportFile';
import { withTestSuffix, type ExportFormat } from '../../../../../src/shared/recordingExport';

const exported = (fileName: string, text: string, format: ExportFormat = 'playwright') => ({ fileName, text, format });

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
    const path = await writeExport('tests/e2e/', exported('checkout.spec.ts', 'test text'), [root]);
    assert.equal(path, join(root, 'tests', 'e2e', 'checkout.spec.ts'));
    assert.equal(readFileSync(path, 'utf8'), 'test text');
  });

  it('refuses a path that leaves the roots through a symlinked folder, and writes nothing there', async () => {
    symlinkSync(elsewhere, join(root, 'link'));
    await assert.rejects(
      writeExport('link/escape.spec.ts', exported('x.spec.ts', 'text'), [root]),
      /written only inside/,
    );
    assert.equal(existsSync(join(elsewhere, 'escape.spec.ts')), false);
  });

  it('refuses a path outside the roots and never overwrites a file', async () => {
    await assert.rejects(
      writeExport(join(elsewhere, 'a.spec.ts'), exported('a.spec.ts', 'text'), [root]),
      /written only inside/,
    );
    await writeExport('a.spec.ts', exported('a.spec.ts', 'first'), [root]);
    await assert.rejects(writeExport('a.spec.ts', exported('a.spec.ts', 'second'), [root]), /already exists/);
    assert.equal(readFileSync(join(root, 'a.spec.ts'), 'utf8'), 'first');
  });

  it('gives every named file its format’s test suffix, whatever name is asked', async () => {
    const path = await writeExport('tests/run.sh', exported('checkout.cy.js', 'x', 'cypress'), [root]);
    assert.equal(path, join(root, 'tests', 'run.sh.cy.js'));
    assert.equal(existsSync(join(root, 'tests', 'run.sh')), false);
    const config = await writeExport('vite.config.ts', exported('a.spec.ts', 'x'), [root]);
    assert.equal(config, join(root, 'vite.config.spec.ts'));
  });
});

describe('withTestSuffix: the name an export gets', () => {
  const cases: [string, ExportFormat, string][] = [
    ['login', 'playwright', 'login.spec.ts'],
    ['login.spec.ts', 'playwright', 'login.spec.ts'],
    ['login.test.ts', 'playwright', 'login.test.ts'],
    ['login.spec.js', 'playwright', 'login.spec.ts'],
    ['.spec.ts', 'playwright', 'recording.spec.ts'],
    ['run.sh', 'puppeteer', 'run.sh.puppeteer.js'],
    ['postinstall.js', 'puppeteer', 'postinstall.puppeteer.js'],
    ['login.puppeteer.js', 'puppeteer', 'login.puppeteer.js'],
    ['login.cy.ts', 'cypress', 'login.cy.js'],
    ['cypress.config.js', 'cypress', 'cypress.config.cy.js'],
    ['package.json', 'recorder-json', 'package.recording.json'],
    ['flow.recording.json', 'recorder-json', 'flow.recording.json'],
    ['', 'cypress', 'recording.cy.js'],
  ];
  for (const [name, format, expected] of cases)
    it(`${JSON.stringify(name)} as ${format} → ${expected}`, () =>
      assert.equal(withTestSuffix(name, format), expected));
});
