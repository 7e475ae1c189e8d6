import type { BrowserBridge } from '../wire/browserBridge';
import type { SourceMapper } from '../sourceMaps/sourceMapper';
import { VisualBaselines } from './visualBaselines';
import { VisualRun } from './visualRun';

export interface VisualChangeConfig {
  /** The recordings folder; baselines go in its `visual/` folder. */
  dir: string;
  /** Baselines kept: one per recording, as many as recordings are kept. */
  maxBaselines: number;
}

/** The pause between a step's two shots; long enough for a ticking timer or a blinking cursor to show. */
const GAP_MS = 250;
const MAX_BYTES = 200 * 1024 * 1024;

/** Visual changes of replays: a run per replay, the baselines kept with the recordings. */
export class VisualChangeService {
  private readonly baselines: VisualBaselines;

  constructor(
    config: VisualChangeConfig,
    private readonly bridge: BrowserBridge,
    private readonly sourceMaps: SourceMapper,
  ) {
    this.baselines = new VisualBaselines({ dir: config.dir, maxBaselines: config.maxBaselines, maxBytes: MAX_BYTES });
  }

  /** A replay's run: compared with the recording's baseline when it has one; `enabled: false` takes no shots. */
  async begin(recordingId: string, enabled: boolean): Promise<VisualRun> {
    const baseline = enabled ? await this.baselines.get(recordingId) : undefined;
    const deps = { bridge: this.bridge, sourceMaps: this.sourceMaps, baselines: this.baselines, gapMs: GAP_MS };
    return new VisualRun(deps, recordingId, baseline, enabled);
  }

  /** The recording was deleted: its baseline goes too. */
  delete(recordingId: string): Promise<void> {
    return this.baselines.delete(recordingId);
  }
}
