import type { AuditCategory } from '../../shared/audit';
import type { Lhr } from './lhr';
import type { LighthouseModules } from './lighthouseModules';

/** A measured index is reused this long; the machine's load changes slowly. */
const REUSE_MS = 10 * 60_000;
/** Reported when nothing was measured yet and nothing needs a measurement: Lighthouse's "fast desktop" range. */
const UNMEASURED_INDEX = 1500;

/**
 * Lighthouse's real probe, per page-functions object. Module-wide, not per instance: the loaded
 * Lighthouse is shared by every AuditService of the process (a restarted connector makes a new one),
 * and an instance that first saw a constant left by another must still find the real probe.
 */
const originals = new WeakMap<object, () => number>();

/**
 * Lighthouse spends about 1 s on every run computing a CPU "benchmark index". Only the performance
 * category reads it (for its slow-host warning; scores use the configured throttling). So: without
 * performance no benchmark runs; with it, the first run measures and later runs reuse that value.
 */
export class BenchmarkIndex {
  private measured: { value: number; at: number } | undefined;

  /** Call before a run: puts the real probe or a constant in Lighthouse's page functions. */
  prepare(modules: LighthouseModules, categories: readonly AuditCategory[]): void {
    const functions = modules.pageFunctions;
    if (!functions) return;
    if (!originals.has(functions)) originals.set(functions, functions.computeBenchmarkIndex);
    const fresh = this.measured && Date.now() - this.measured.at < REUSE_MS ? this.measured.value : undefined;
    const measure = categories.includes('performance') && fresh === undefined;
    // Lighthouse evaluates the function's source in the page, so the constant is written into it.
    functions.computeBenchmarkIndex = measure
      ? originals.get(functions)!
      : (new Function(`return ${fresh ?? this.measured?.value ?? UNMEASURED_INDEX};`) as () => number);
  }

  /** Call after a run: keeps a value the real probe measured. */
  remember(modules: LighthouseModules, lhr: Lhr): void {
    const value = lhr.environment?.benchmarkIndex;
    const functions = modules.pageFunctions;
    if (
      functions &&
      functions.computeBenchmarkIndex === originals.get(functions) &&
      typeof value === 'number' &&
      value > 0
    )
      this.measured = { value, at: Date.now() };
  }
}
