import { readFile } from 'node:fs/promises';
import type { ConnectorServices } from '../../connector/services';
import type { RunRecord } from '../../shared/evidence';
import type { ToolImage } from '../tool';

function videoLine(run: RunRecord, base: string): string {
  if (run.videoPending)
    return `Video: still encoding; GET ${base}/video answers 409 until it is ready (a few seconds). Timeline: GET ${base}/timeline.`;
  if (!run.video) return `No video: ${run.videoError ?? 'the browser sent none'}. Timeline: GET ${base}/timeline.`;
  const { durationMs, width, height, bytes } = run.video;
  return `Video: GET ${base}/video (${(durationMs / 1000).toFixed(1)} s, ${width}×${height}, ${Math.round(bytes / 1024)} KB); timeline: GET ${base}/timeline.`;
}

/** The filmed run in a replay's answer: where its video and timeline are, and the failing step's picture. */
export async function runEvidence(
  services: ConnectorServices,
  recordingId: string,
  runId: string,
): Promise<{ line: string; image?: ToolImage }> {
  const run = await services.evidence.run(recordingId, runId);
  const base = `/recordings/${recordingId}/runs/${runId}`;
  const line = videoLine(run, base);
  if (!run.still) return { line };
  const jpeg = await readFile(services.evidence.stillPath(recordingId, runId)).catch(() => undefined);
  if (!jpeg) return { line };
  return {
    line: `${line}\nThe image is the tab when step ${run.still.step + 1} ended (${run.firstFailingStep === undefined ? 'the last step' : 'the failing step'}).`,
    image: { data: jpeg.toString('base64'), mimeType: 'image/jpeg' },
  };
}
