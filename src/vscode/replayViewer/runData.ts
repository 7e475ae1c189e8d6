import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runTimelineSchema, type RunTimeline } from '../../shared/replayViewerMessages';
import { callerHeaders } from '../callerSecret';
import { callConnector } from '../connectorClient';

/** One run as the viewer shows it: its timeline and, when it has one, its video saved where the webview may read. */
export interface LoadedRun {
  runId: string;
  timeline: RunTimeline;
  videoFile?: string;
}

const RUN_ID = /^run-[0-9a-f]{12}$/;

/** The newest run of the recording (`GET /recordings/{id}/runs`), when no run was named. */
async function newestRun(port: number | undefined, recordingId: string): Promise<string> {
  const { runs } = await callConnector<{ runs: { runId: string; startedAt: number }[] }>(
    port,
    'GET',
    `/recordings/${encodeURIComponent(recordingId)}/runs`,
  );
  const newest = [...runs].sort((a, b) => b.startedAt - a.startedAt)[0];
  if (!newest) throw new Error('This recording has no replay yet: replay it first, then open the viewer.');
  return newest.runId;
}

/**
 * Reads a run's timeline from the connector (`GET /recordings/{id}/runs/{runId}/timeline`) and saves its video
 * (`video.url`, the connector's own route, fetched with the caller secret) under `folder`, named by the run id.
 */
export async function loadRun(
  port: number | undefined,
  folder: string,
  recordingId: string,
  runId?: string,
): Promise<LoadedRun> {
  const id = runId ?? (await newestRun(port, recordingId));
  if (!RUN_ID.test(id)) throw new Error(`Not a run id: ${JSON.stringify(id)}.`);
  const raw = await callConnector<unknown>(
    port,
    'GET',
    `/recordings/${encodeURIComponent(recordingId)}/runs/${id}/timeline`,
  );
  const parsed = runTimelineSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`The connector sent a timeline this viewer cannot read: ${parsed.error.message}`);
  const timeline = parsed.data;
  if (!timeline.video) return { runId: id, timeline };
  // Only the connector's own address: the timeline names a path on it, never another host.
  const url = new URL(timeline.video.url, `http://127.0.0.1:${port}`);
  if (url.host !== `127.0.0.1:${port}`) throw new Error('The run names its video on another host; it was not fetched.');
  const response = await fetch(url, { headers: callerHeaders() });
  if (!response.ok) throw new Error(`The run's video could not be read (HTTP ${response.status}).`);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const videoFile = join(folder, `${id}.${timeline.video.mimeType.includes('mp4') ? 'mp4' : 'webm'}`);
  await writeFile(videoFile, Buffer.from(await response.arrayBuffer()), { mode: 0o600 });
  return { runId: id, timeline, videoFile };
}
