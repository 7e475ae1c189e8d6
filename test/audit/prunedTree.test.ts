import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zipSync } from 'fflate';
import { post } from '../support/http';
import { requireChromium } from '../e2e/support/chromium';
import { startAuditSite, type AuditSite } from './support/auditSite';

const ROOT = resolve(__dirname, '../..');

function filesUnder(dir: string, into: Record<string, Uint8Array> = {}, prefix = ''): Record<string, Uint8Array> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, into, `${prefix}${name}/`);
    else into[`${prefix}${name}`] = readFileSync(path);
  }
  return into;
}

/** Waits for the CLI's "listening on URL" line. */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolvePort, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolvePort(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`connector exited (${code}): ${output}`)));
  });
}

/**
 * The VSIX's audit modules: staged and pruned by scripts/stageAuditModules.mjs, then the bundled
 * connector runs from beside them in a temp folder, where no other node_modules can be found.
 */
describe('Audits from the pruned module tree (what the VSIX ships)', function () {
  this.timeout(120_000);
  let staging: string;
  let site: AuditSite;
  let child: ChildProcess | undefined;

  before(async function () {
    requireChromium(this);
    assert.ok(existsSync(join(ROOT, 'dist/cli.js')), 'dist/cli.js is built (npm run build)');
    staging = mkdtempSync(join(tmpdir(), 'bd-vsix-'));
    const { stageAuditModules } = (await import(join(ROOT, 'scripts/stageAuditModules.mjs'))) as {
      stageAuditModules(options: { root: string; out: string }): unknown;
    };
    stageAuditModules({ root: ROOT, out: staging });
    mkdirSync(join(staging, 'dist'));
    copyFileSync(join(ROOT, 'dist/cli.js'), join(staging, 'dist/cli.js'));
    site = await startAuditSite();
  });
  after(async () => {
    child?.kill();
    await site?.close();
    rmSync(staging, { recursive: true, force: true });
  });

  it('leaves out what no run loads and zips to well under the 30 MB VSIX budget', () => {
    const modules = join(staging, 'node_modules');
    for (const gone of ['@sentry', '@opentelemetry', 'chromium-bidi', 'yargs', 'puppeteer-core/lib/cjs'])
      assert.ok(!existsSync(join(modules, gone)), `${gone} is pruned`);
    assert.equal(readFileSync(join(modules, 'lighthouse/shared/localization/locales/de.json'), 'utf8').trim(), '{}');
    const zipped = zipSync(filesUnder(modules), { level: 9 }).length;
    assert.ok(zipped < 15 * 1024 * 1024, `audit modules zip to ${(zipped / 1024 / 1024).toFixed(1)} MB`);
  });

  it('runs all four categories with JSON and HTML reports from the staged copy alone', async () => {
    const reports = join(staging, 'reports');
    child = spawn(process.execPath, [join(staging, 'dist/cli.js'), '--port', '0', '--audit-dir', reports], {
      cwd: staging,
      env: { ...process.env, NODE_PATH: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const port = await listeningPort(child);
    const answer = await post(port, '/engine-audit', { url: `${site.origin}/perf.html` });
    assert.equal(answer.status, 200, answer.text.slice(0, 500));
    assert.deepEqual(Object.keys(answer.json.audit.scores).sort(), [
      'accessibility',
      'bestPractices',
      'performance',
      'seo',
    ]);
    assert.match(readFileSync(answer.json.report.htmlPath, 'utf8'), /<html/i);
    assert.equal(
      JSON.parse(readFileSync(answer.json.report.jsonPath, 'utf8')).lighthouseVersion,
      answer.json.run.lighthouseVersion,
    );
  });
});
