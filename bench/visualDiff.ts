/**
 * `npm run bench:visual`: the connector's visual diff per replay step on a 1280×800 viewport (#35 target: ≤ 50 ms).
 * One step's work: decode the step's two PNG shots and the baseline's, find what moved between the two shots,
 * then compare the shot with the baseline outside those masks (pixelmatch) and merge the changed pixels into
 * regions. Naming the regions is a browser round trip and is not counted. A still step (all three PNGs the same
 * bytes) skips decoding; its cost is printed too. Prints medians of 40 steps.
 */
import { PNG } from 'pngjs';
import { changedRegions, decodePng, loadPixelmatch } from '../src/connector/visualChanges/visualDiff';
import { median } from './median';

const WIDTH = 1280;
const HEIGHT = 800;
const STEPS = 40;

/** A page-like picture: a header bar, text-like stripes, cards, and a button whose colour the "fix" changes. */
function page(buttonColour: [number, number, number], timer: number): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const at = (y * WIDTH + x) * 4;
      let rgb: [number, number, number] = [255, 255, 255];
      if (y < 64) rgb = [30, 30, 46];
      else if (y % 22 < 12 && x > 40 && x < 900 && (x * 7 + y * 3) % 11 < 6) rgb = [60, 60, 60];
      else if (x > 940 && x < 1240 && y > 100 && y < 700) rgb = [240, 242, 248];
      if (x > 40 && x < 200 && y > 720 && y < 770) rgb = buttonColour;
      if (x > 1100 && x < 1100 + (timer % 9) * 8 && y > 20 && y < 40) rgb = [255, 255, 255];
      png.data.set([...rgb, 255], at);
    }
  return PNG.sync.write(png);
}

async function main(): Promise<void> {
  await loadPixelmatch();
  const baseline = page([0, 120, 60], 1);
  const shots = Array.from({ length: 4 }, (_, index) => page(index % 2 ? [200, 30, 30] : [0, 120, 60], index));
  const decodeMs: number[] = [];
  const stepMs: number[] = [];
  const cpuMs: number[] = [];
  let regions = 0;
  for (let step = 0; step < STEPS; step++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const first = decodePng(shots[step % 4]!);
    const second = decodePng(shots[(step + 2) % 4]!);
    const base = decodePng(baseline);
    decodeMs.push(performance.now() - started);
    const moving = await changedRegions(first, second);
    regions += (await changedRegions(base, first, moving)).length;
    stepMs.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  const stillMs: number[] = [];
  for (let step = 0; step < STEPS; step++) {
    const started = performance.now();
    const same = Buffer.from(shots[0]!).equals(shots[0]!) && Buffer.from(baseline).equals(baseline);
    if (same) stillMs.push(performance.now() - started);
  }
  const format = (values: number[]) => `${median(values).toFixed(1)} ms`;
  const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
  process.stdout.write(
    `Visual diff per ${WIDTH}×${HEIGHT} step (median of ${STEPS}): ${format(stepMs)} (of which decoding 3 PNGs ${format(decodeMs)}), CPU ${format(cpuMs)}; ${regions} regions found; target ≤ 50 ms. Load average ${load} on ${(await import('node:os')).cpus().length} cores.\nA still step (shots byte-identical to each other and to the baseline, no decoding): ${median(stillMs).toFixed(3)} ms.\n`,
  );
}

void main();
