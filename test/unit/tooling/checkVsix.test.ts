import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

/** A minimal extension packed by the real vsce, with `changes` to its package.json. */
function packTiny(dir: string, changes: Record<string, unknown>, extraArgs: string[] = []): string {
  const manifest = {
    name: 'tiny',
    publisher: 'browser-debug-test',
    version: '1.0.0',
    license: 'MIT',
    engines: { vscode: '^1.74.0' },
    main: './extension.js',
    activationEvents: ['onStartupFinished'],
    repository: { type: 'git', url: 'https://github.com/browser-debug/browser-debug.git' },
    ...changes,
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'extension.js'), 'exports.activate = () => undefined;\n');
  writeFileSync(join(dir, 'LICENSE'), 'MIT License\n');
  writeFileSync(join(dir, 'README.md'), '# Tiny\n\nA test extension.\n');
  const out = join(dir, 'tiny.vsix');
  const vsce = join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const packed = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', out, ...extraArgs], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(packed.status, 0, packed.stderr);
  return out;
}

const check = (vsix: string) =>
  spawnSync(process.execPath, [join(ROOT, 'scripts', 'checkVsix.mjs'), vsix], { cwd: ROOT, encoding: 'utf8' });

describe('npm run package: the VSIX is checked for Open VSX too (scripts/checkVsix.mjs, real vsce and ovsx)', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bd-vsix-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes a valid package: ovsx reads it and publishes it to a stub registry, and its size is printed', () => {
    const result = check(packTiny(dir, {}));
    assert.equal(result.status, 0, result.stderr);
    assert.match(
      result.stdout,
      /tiny\.vsix: \d+\.\d\d MB, browser-debug-test\.tiny 1\.0\.0, engines\.vscode \^1\.74\.0/,
    );
  });

  it('refuses one without a repository, saying what Open VSX needs', () => {
    const result = check(packTiny(dir, { repository: undefined }, ['--allow-missing-repository']));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /is not ready for Open VSX:\n- no repository/);
  });
});
