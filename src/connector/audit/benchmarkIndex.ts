import type { AuditCategory } from '../../shared/audit';
import type { Lhr } from './lhr';
import type { LighthouseModules } from './lighthouseModules';

/** A measured index is reused this long; the machine's load changes slowly. */
const REUSE_MS = 10 * 60_000;
/** Reported when nothing was measured yet and nothing needs a measurement: Lighthouse's "fast desktop" range. */
const UNMEASURED_INDEX = 1500;

/**
 * Lighthouse spends about 1 s on every run computing a CPU "benchmark index". Only the performance
 * category reads it (for its slow-host warning; scores use the configured throttling). So: without
 * performance no benchmark runs; with it, the first run measures and later runs reuse that value.
 */
export class BenchmarkIndex {
  private measured: { value: number; at: number } | undefined;
  private original: (() => number) | undefined;

  /** Call before a run: puts the real probe or a constant in Lighthouse's page functions. */
  prepare(modules: LighthouseModules, categories: readonly AuditCategory[]): void {
    const functions = modules.pageFunctions;
    if (!functions) return;
    this.original ??= functions.computeBenchmarkIndex;
    const fresh = this.measured && Date.now() - this.measured.at < REUSE_MS ? this.measured.value : undefined;
    const measure = categories.includes('performance') && fresh === undefined;
    // Lighthouse evaluates the function's source in the page, so the constant is written into it.
    functions.computeBenchmarkIndex = measure ? this.original : (new Function(`return ${fresh ?? this.measured?.value ?? UNMEASURED_INDEX};`) as () => number);
  }

  /** Call after a run: keeps a value the real probe measured. */
  remember(modules: LighthouseModules, lhr: Lhr): void {
    const value = lhr.environment?.benchmarkIndex;
    if (modules.pageFunctions?.computeBenchmarkIndex === this.original && typeof value === 'number' && value > 0) this.measured = { value, at: Date.now() };
  }
}
