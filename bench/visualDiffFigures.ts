/**
 * The connector's visual diff per replay step on a 1280×800 viewport (#35 target: ≤ 50 ms), as VisualRun does it
 * (src/connector/visualChanges/visualRun.ts), without naming the regions (a browser round trip). Cases:
 * - changed, page still: the step's two shots are the same bytes, the baseline differs (a restyled button).
 *   The baseline's pixels were decoded by an earlier replay (DecodedImages), so one PNG is decoded.
 * - changed, first replay after the baseline: the same, with the baseline's decode counted.
 * - changed, something moving: the two shots differ too (a ticking clock), so both are decoded and compared.
 * - unchanged: all three PNGs are the same bytes: nothing is decoded.
 * Prints median and p95 of CPU and wall time over 40 steps each, and what decoding alone costs.
 */
import { cpus, loadavg } from 'node:os';
import { PNG } from 'pngjs';
import { DecodedImages } from '../src/connector/visualChanges/decodedImages';
import { changedRegions, decodePng, loadPixelmatch, movedRegions } from '../src/connector/visualChanges/visualDiff';
import { median } from './median';

const WIDTH = 1280;
const HEIGHT = 800;
const STEPS = 40;

/** A page-like picture: a header bar, text-like stripes, cards, a button whose colour the "fix" changes, a clock. */
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
  // As Chrome's `optimizeForSpeed` screenshots are (visualShot.ts): RGB, every row filtered Up, fast zlib.
  return PNG.sync.write(png, { colorType: 2, filterType: 2, deflateLevel: 1 });
}

interface Figures {
  cpu: number[];
  wall: number[];
  regions: number;
}

/** One step as VisualRun.afterStep + compare do it; answers the regions found. */
async function step(shot: Buffer, second: Buffer, baseline: Buffer, images: DecodedImages, key: string) {
  let decoded: ReturnType<typeof decodePng> | undefined;
  const pixels = () => (decoded ??= decodePng(shot));
  const moving = shot.equals(second) ? [] : movedRegions(pixels(), decodePng(second));
  if (shot.equals(baseline)) return 0;
  return (await changedRegions(images.get(key, baseline), pixels(), moving)).length;
}

async function measure(run: (index: number) => Promise<number>): Promise<Figures> {
  const figures: Figures = { cpu: [], wall: [], regions: 0 };
  for (let index = 0; index < STEPS; index++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    figures.regions += await run(index);
    const used = process.cpuUsage(cpu);
    figures.wall.push(performance.now() - started);
    figures.cpu.push((used.user + used.system) / 1000);
  }
  return figures;
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
const ms = (value: number) => (value < 1 ? `${value.toFixed(2)} ms` : `${value.toFixed(1)} ms`);
const line = (name: string, { cpu, wall, regions }: Figures) =>
  `  ${name}: CPU median ${ms(median(cpu))}, p95 ${ms(p95(cpu))}; wall median ${ms(median(wall))}, p95 ${ms(p95(wall))} (${regions} regions in ${STEPS} steps)`;

/** The figures as printed lines. */
export async function visualDiffFigures(): Promise<string> {
  await loadPixelmatch();
  const baseline = page([0, 120, 60], 1);
  const fixed = page([200, 30, 30], 1);
  // The clock ticks between the two shots; the baseline was taken at the second's time (what moved is masked).
  const ticking = [page([200, 30, 30], 2), page([200, 30, 30], 3)];
  const tickingBaseline = page([0, 120, 60], 3);
  const warm = new DecodedImages();
  warm.get('rec/1/0', baseline);
  const still = await measure(() => step(fixed, fixed, baseline, warm, 'rec/1/0'));
  const cold = await measure((index) => step(fixed, fixed, baseline, new DecodedImages(), `rec/${index}/0`));
  warm.get('rec/1/1', tickingBaseline);
  const moving = await measure(() => step(ticking[0]!, ticking[1]!, tickingBaseline, warm, 'rec/1/1'));
  const unchanged = await measure(() => step(baseline, baseline, baseline, warm, 'rec/1/0'));
  const decode = await measure(async () => (decodePng(fixed), 0));
  return [
    `Visual diff per ${WIDTH}×${HEIGHT} replay step (${STEPS} steps each; target ≤ 50 ms). Load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.`,
    line('changed, page still, baseline decoded before', still),
    line('changed, first replay after the baseline    ', cold),
    line('changed, something moving between the shots ', moving),
    line('unchanged (same bytes, nothing decoded)     ', unchanged),
    line('decoding one PNG alone                       ', decode),
  ].join('\n');
}
