import { readFile } from 'node:fs/promises';
import type { ConnectorServices } from '../../connector/services';
import type { ToolImage } from '../tool';

/** The filmed run in a replay's answer: where its video and timeline are, and the failing step's picture. */
export async function runEvidence(
  services: ConnectorServices,
  recordingId: string,
  runId: string,
): Promise<{ line: string; image?: ToolImage }> {
  const run = await services.evidence.run(recordingId, runId);
  const base = `/recordings/${recordingId}/runs/${runId}`;
  if (!run.video)
    return { line: `No video: ${run.videoError ?? 'the browser sent none'}. Timeline: GET ${base}/timeline.` };
  const { durationMs, width, height, bytes } = run.video;
  const line = `Video: GET ${base}/video (${(durationMs / 1000).toFixed(1)} s, ${width}×${height}, ${Math.round(bytes / 1024)} KB); timeline: GET ${base}/timeline.`;
  if (!run.still) return { line };
  const jpeg = await readFile(services.evidence.stillPath(recordingId, runId)).catch(() => undefined);
  if (!jpeg) return { line };
  return {
    line: `${line}\nThe image is the tab when step ${run.still.step + 1} ended (${run.firstFailingStep === undefined ? 'the last step' : 'the failing step'}).`,
    image: { data: jpeg.toString('base64'), mimeType: 'image/jpeg' },
  };
}
