// Preloaded into the benchmarked connector (node -r): on SIGUSR2 it writes process.memoryUsage() to the file
// named by BENCH_MEM_FILE, before and after a full GC, so the benchmark can say where the RSS goes.
const { writeFileSync } = require('node:fs');
process.on('SIGUSR2', () => {
  const before = process.memoryUsage();
  if (globalThis.gc) globalThis.gc();
  writeFileSync(process.env.BENCH_MEM_FILE, JSON.stringify({ before, after: process.memoryUsage() }));
});
