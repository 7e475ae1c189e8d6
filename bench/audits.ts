/**
 * Audit benchmark: wall time of an accessibility-only audit, a performance audit and all four
 * categories against a fixture page (headless Chromium, desktop), as medians, and where the time goes.
 * Usage: npm run bench:audits   (BENCH_RUNS=3 by default; prints figures; not a test). The connector CPU line
 * (this process's CPU time per audit; the browser's is not in it) moves less with the machine's load than wall time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditService } from '../src/connector/audit/auditService';
import { loadLighthouse } from '../src/connector/audit/lighthouseModules';
import { BrowserBridge } from '../src/connector/wire/browserBridge';
import { findAnyBrowser } from '../src/connector/browsers/browserFinder';
import { defaultConfig } from '../src/connector/config/config';
import { silentLogger } from '../src/connector/logging/logger';
import type { AuditCategory } from '../src/shared/audit';
import { startAuditSite } from '../test/audit/support/auditSite';
import { median } from './median';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Lighthouse's own timing marks worth naming; the rest of a run is our overhead (browser, context, report). */
const PHASES: [string, RegExp][] = [
  ['config + gatherer setup', /^lh:config$/],
  ['benchmark index (CPU probe)', /^lh:gather:getBenchmarkIndex$/],
  ['page load (navigate + quiet waits)', /^lh:driver:navigate$/],
  ['full-page screenshot', /^lh:gather:getArtifact:FullPageScreenshot$/],
  ['accessibility (axe)', /^lh:gather:getArtifact:Accessibility$/],
  ['trace processing + audits', /^lh:runner:audit$/],
  ['report (JSON + HTML)', /^lh:runner:generate$|^lh:report/],
];

async function main(): Promise<void> {
  const site = await startAuditSite();
  const reportDir = mkdtempSync(join(tmpdir(), 'bd-bench-audits-'));
  const service = new AuditService({
    config: { ...defaultConfig().audits, reportDir },
    bridge: new BrowserBridge(),
    logger: silentLogger,
    findChrome: () => findAnyBrowser(),
  });
  const loadStart = performance.now();
  await loadLighthouse();
  console.log(
    `Loading Lighthouse, chrome-launcher and puppeteer-core (first audit only): ${Math.round(performance.now() - loadStart)} ms\n`,
  );
  const kinds: [string, AuditCategory[], string][] = [
    ['accessibility only', ['accessibility'], '/faults.html'],
    ['performance', ['performance'], '/perf.html'],
    ['all four categories', ['performance', 'accessibility', 'best-practices', 'seo'], '/perf.html'],
  ];
  const rows: string[] = [];
  for (const [name, categories, path] of kinds) {
    const walls: number[] = [];
    const phases = new Map<string, number[]>();
    const cpus: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const { lhr } = await service.run({ url: `${site.origin}${path}`, categories });
      walls.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1000);
      for (const [label, pattern] of PHASES) {
        const total = lhr.timing.entries
          .filter((entry) => pattern.test(entry.name))
          .reduce((sum, entry) => sum + entry.duration, 0);
        phases.set(label, [...(phases.get(label) ?? []), total]);
      }
      phases.set('Lighthouse total', [...(phases.get('Lighthouse total') ?? []), lhr.timing.total]);
    }
    const wall = median(walls);
    const lighthouse = median(phases.get('Lighthouse total')!);
    rows.push(
      `${name}: median ${(wall / 1000).toFixed(2)} s wall over ${RUNS} runs (min ${(Math.min(...walls) / 1000).toFixed(2)} s)`,
    );
    for (const [label] of PHASES) {
      const value = median(phases.get(label)!);
      if (value > 0) rows.push(`    ${label.padEnd(36)} ${Math.round(value).toString().padStart(5)} ms`);
    }
    rows.push(
      `    ${'connector CPU (Lighthouse runs in it)'.padEnd(36)} ${Math.round(median(cpus)).toString().padStart(5)} ms`,
    );
    rows.push(
      `    ${'browser start + context + report save'.padEnd(36)} ${Math.round(wall - lighthouse)
        .toString()
        .padStart(5)} ms`,
    );
  }
  console.log(rows.join('\n'));
  console.log(
    `\nLoad average (1 min) at the end: ${loadavg()[0]!.toFixed(1)} on ${RUNS} runs; the machine is shared, so compare runs made at similar load.`,
  );
  await service.dispose();
  await site.close();
  rmSync(reportDir, { recursive: true, force: true });
}

void main();
