/**
 * The trace categories DevTools' Performance panel records: what its trace engine needs for LCP, CLS,
 * INP, long tasks with their scripts (CPU samples and stacks) and network. Screenshots are left out:
 * no insight uses them and they triple a trace's size.
 */
export const TRACE_CATEGORIES = [
  '-*',
  'blink.console',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.invalidationTracking',
  'disabled-by-default-devtools.target-rundown',
  'disabled-by-default-devtools.v8-source-rundown',
  'disabled-by-default-devtools.v8-source-rundown-sources',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-lighthouse',
  'latencyInfo',
  'loading',
  'toplevel',
  'v8',
  'v8.execute',
];
