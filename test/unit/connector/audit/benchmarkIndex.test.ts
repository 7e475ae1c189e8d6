import assert from 'node:assert/strict';
import { BenchmarkIndex } from '../../../../src/connector/audit/benchmarkIndex';
import type { LighthouseModules } from '../../../../src/connector/audit/lighthouseModules';

describe('audits: the CPU benchmark index', () => {
  const probe = () => 1234;
  const modulesWith = (functions: { computeBenchmarkIndex: () => number }) =>
    ({ pageFunctions: functions }) as unknown as LighthouseModules;

  it('runs the real probe only for performance, then reuses what it measured', () => {
    const functions = { computeBenchmarkIndex: probe };
    const modules = modulesWith(functions);
    const index = new BenchmarkIndex();
    index.prepare(modules, ['accessibility']);
    assert.notEqual(functions.computeBenchmarkIndex, probe, 'no probe without performance');
    index.prepare(modules, ['performance']);
    assert.equal(functions.computeBenchmarkIndex, probe, 'the first performance run measures');
    index.remember(modules, { environment: { benchmarkIndex: 987 } } as never);
    index.prepare(modules, ['performance']);
    assert.equal(functions.computeBenchmarkIndex(), 987, 'later runs reuse the measured value');
  });

  it('finds the real probe for a second service in the same process (Lighthouse is loaded once)', () => {
    const functions = { computeBenchmarkIndex: probe };
    const modules = modulesWith(functions);
    new BenchmarkIndex().prepare(modules, ['seo']);
    assert.notEqual(functions.computeBenchmarkIndex, probe, 'the first service left a constant in place');
    new BenchmarkIndex().prepare(modules, ['performance']);
    assert.equal(functions.computeBenchmarkIndex, probe, 'a restarted connector still measures');
  });
});
