/** Reads a V8 .cpuprofile: self time by function and by origin, bundle positions mapped to sources. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, TraceMap | undefined>();

function mapOf(url: string): TraceMap | undefined {
  if (!maps.has(url)) {
    const file = url.startsWith('file:') ? fileURLToPath(url) : url;
    maps.set(url, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : undefined);
  }
  return maps.get(url);
}

/** `function (where)`: our sources and packages through the bundle's source map, node's modules by name. */
function describe(frame: CallFrame): { name: string; origin: string } {
  const fn = frame.functionName || '(anonymous)';
  if (!frame.url) return { name: fn, origin: fn.startsWith('(') ? fn : 'native' };
  const map = frame.url.startsWith('file:') || frame.url.startsWith('/') ? mapOf(frame.url) : undefined;
  const mapped = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : undefined;
  const source = mapped?.source ?? frame.url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  const ours = /\/(src\/.*)$/.exec(source)?.[1];
  const origin = pkg ? pkg : ours ? ours : source.startsWith('node:') ? source : source.split('/').slice(-2).join('/');
  return {
    name: `${fn} (${origin}${mapped?.line ? `:${mapped.line}` : ''})`,
    origin: pkg ? `package ${pkg}` : ours ? 'our code' : origin,
  };
}

/** The top `count` functions by self time, then self time grouped by origin. */
export function summarizeProfile(profile: CpuProfile, count = 12): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + delta);
    total += delta;
  });
  const byName = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  for (const [id, time] of self) {
    const { name, origin } = describe(byId.get(id)!.callFrame);
    byName.set(name, (byName.get(name) ?? 0) + time);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + time);
  }
  const share = (time: number) => `${((100 * time) / total).toFixed(1).padStart(5)}%`;
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, time]) => `  ${share(time)}  ${name}`);
  return ['Self time, top functions:', ...top(byName, count), 'Self time by origin:', ...top(byOrigin, 14)].join('\n');
}
