import type { VisualBox, VisualChange, VisualReport } from '../../shared/visualChanges';
import type { BrowserBridge } from '../wire/browserBridge';
import { decodeImageDataUrl } from '../screenshots/imageInfo';
import type { SourceMapper } from '../sourceMaps/sourceMapper';
import { nameRegion } from './regionNames';
import { MAX_BASELINE_STEPS, type Baseline, type BaselineStep, type VisualBaselines } from './visualBaselines';
import { changedRegions, decodePng, movedRegions, type Region, type RgbaImage } from './visualDiff';

export interface VisualRunDeps {
  bridge: BrowserBridge;
  sourceMaps: SourceMapper;
  baselines: VisualBaselines;
  /** The pause between a step's two shots: what moves within it is masked. */
  gapMs: number;
}

const SHOT_TIMEOUT_MS = 15_000;
/** Dynamic regions grow by this much (image px), so a ticking clock's next digits stay inside. */
const MASK_PAD = 4;
/** Regions named per step through the inspect engine; more are listed as one unnamed region each. */
const MAX_NAMED = 5;
/** Shot pairs taken while the viewport keeps changing size. */
const MAX_PAIRS = 4;

const padded = (region: VisualBox): VisualBox => ({
  x: region.x - MASK_PAD,
  y: region.y - MASK_PAD,
  width: region.width + 2 * MASK_PAD,
  height: region.height + 2 * MASK_PAD,
});
const scaled = (box: VisualBox, scale: number): VisualBox => ({
  x: box.x * scale,
  y: box.y * scale,
  width: box.width * scale,
  height: box.height * scale,
});
const bounds = (a: VisualBox, b: VisualBox): VisualBox => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
};
/** Decodes the PNG the first time its pixels are needed. */
function lazyImage(png: Uint8Array): () => RgbaImage {
  let image: RgbaImage | undefined;
  return () => (image ??= decodePng(png));
}
const inCss = (region: Region, scale: number): VisualBox => ({
  x: Math.round(region.x / scale),
  y: Math.round(region.y / scale),
  width: Math.round(region.width / scale),
  height: Math.round(region.height / scale),
});

/**
 * One replay's screenshots: after each step (`afterStep`, called by the replay runner) the settled viewport is
 * shot twice, what moved between the two shots is masked, and the rest is compared with the baseline's shot of
 * that step; each changed region is named while the page still shows that step. A shot or a name that fails
 * is a note, never a failed replay. `finish` keeps this run as the baseline when there is none and it passed.
 */
export class VisualRun {
  private readonly shots = new Map<number, BaselineStep>();
  private readonly changes: VisualChange[] = [];
  private readonly notes: string[] = [];
  private compared = 0;
  private stopped: boolean;

  constructor(
    private readonly deps: VisualRunDeps,
    private readonly recordingId: string,
    private readonly baseline: Baseline | undefined,
    private readonly enabled: boolean,
  ) {
    this.stopped = !enabled;
  }

  readonly afterStep = async (index: number, tabId: number): Promise<void> => {
    if (this.stopped || index >= MAX_BASELINE_STEPS) return;
    try {
      const { png, second, scale } = await this.shotPair(tabId);
      // Identical bytes are identical pixels: a still page costs no decoding at all.
      const shot = lazyImage(png);
      const moving = png.equals(second) ? [] : movedRegions(shot(), decodePng(second));
      const masks = await this.movingBoxes(moving, scale, tabId);
      this.shots.set(index, { png, masks });
      await this.compare(index, png, shot, masks, scale, tabId);
    } catch (error) {
      this.stopped = true;
      this.note(
        `No screenshot after step ${index + 1} (${(error as Error).message}): the later steps were not compared.`,
      );
    }
  };

  /**
   * Two shots of one size: a viewport that changed size between them (Chrome's "is being debugged" bar sliding
   * in) is still settling, so the pair is taken again.
   */
  private async shotPair(tabId: number) {
    for (let attempt = 1; ; attempt++) {
      const reply = await this.deps.bridge.command('visual-shot', { tabId, gapMs: this.deps.gapMs }, SHOT_TIMEOUT_MS);
      const first = decodeImageDataUrl(reply.shots[0]);
      const second = decodeImageDataUrl(reply.shots[1]);
      if ((first.width === second.width && first.height === second.height) || attempt === MAX_PAIRS)
        return { png: first.bytes, second: second.bytes, scale: reply.scale };
    }
  }

  /**
   * What moved between the two shots, grown to the whole element under it (a clock's every digit, not only the
   * ones that ticked), in image px.
   */
  private async movingBoxes(regions: Region[], scale: number, tabId: number): Promise<VisualBox[]> {
    const boxes: VisualBox[] = [];
    for (const [order, region] of regions.entries()) {
      const named =
        order < MAX_NAMED ? await nameRegion(this.deps, inCss(region, scale), tabId).catch(() => undefined) : undefined;
      const element = named?.elementBox;
      boxes.push(padded(element ? bounds(region, scaled(element, scale)) : region));
    }
    return boxes;
  }

  /** A region that an earlier step reported at the same place, for the same element, is the same change. */
  private seen(box: VisualBox, selector: string | undefined): boolean {
    return this.changes.some(
      (change) =>
        change.selector === selector &&
        Math.abs(change.box.x - box.x) <= 2 &&
        Math.abs(change.box.y - box.y) <= 2 &&
        Math.abs(change.box.width - box.width) <= 2 &&
        Math.abs(change.box.height - box.height) <= 2,
    );
  }

  private async compare(
    index: number,
    png: Buffer,
    shot: () => RgbaImage,
    moving: VisualBox[],
    scale: number,
    tabId: number,
  ) {
    const base = await this.baseline?.step(index);
    if (!base) return;
    if (png.equals(base.png)) {
      this.compared++;
      return;
    }
    const before = base.image();
    const after = shot();
    if (before.width !== after.width || before.height !== after.height) {
      this.note(
        `Step ${index + 1} was not compared: the viewport is ${after.width}×${after.height} px, its baseline's ${before.width}×${before.height}. Replay at the recorded size.`,
      );
      return;
    }
    this.compared++;
    const regions = await changedRegions(before, after, [...base.masks, ...moving]);
    for (const [order, region] of regions.entries()) {
      const box = inCss(region, scale);
      const name =
        order < MAX_NAMED
          ? await nameRegion(this.deps, box, tabId).catch((error: Error) => {
              this.note(`A change at step ${index + 1} could not be named: ${error.message}`);
              return undefined;
            })
          : undefined;
      if (this.seen(box, name?.selector)) continue;
      this.changes.push({
        step: index,
        box,
        element: name?.element ?? '(unnamed)',
        ...(name?.selector ? { selector: name.selector } : {}),
        component: name?.component ?? null,
        pixels: region.pixels,
      });
    }
  }

  private note(text: string): void {
    if (this.notes.length < 20) this.notes.push(text);
  }

  /** The run's changes and report; a passing run with no baseline before it becomes the baseline. */
  async finish(run: {
    startedAt: number;
    passing: boolean;
  }): Promise<{ visualChanges: VisualChange[]; visual: VisualReport }> {
    const base = { stepsCompared: this.compared, notes: this.notes };
    if (!this.enabled) return { visualChanges: [], visual: { state: 'off', ...base } };
    if (this.baseline)
      return {
        visualChanges: this.changes,
        visual: { state: 'compared', baselineAt: this.baseline.runStartedAt, ...base },
      };
    if (!run.passing || !this.shots.size) return { visualChanges: [], visual: { state: 'none', ...base } };
    try {
      await this.deps.baselines.save(this.recordingId, run.startedAt, this.shots);
      return { visualChanges: [], visual: { state: 'baseline', baselineAt: run.startedAt, ...base } };
    } catch (error) {
      this.note(`This run's screenshots could not be kept as the baseline: ${(error as Error).message}`);
      return { visualChanges: [], visual: { state: 'none', ...base } };
    }
  }
}
