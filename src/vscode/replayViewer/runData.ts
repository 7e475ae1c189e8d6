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

/** How long the viewer waits for a video the browser is still encoding (the verdict answers before it). */
const VIDEO_WAIT_MS = 60_000;
const VIDEO_POLL_MS = 250;

async function timelineOf(port: number | undefined, recordingId: string, runId: string): Promise<RunTimeline> {
  const raw = await callConnector<unknown>(
    port,
    'GET',
    `/recordings/${encodeURIComponent(recordingId)}/runs/${runId}/timeline`,
  );
  const parsed = runTimelineSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`The connector sent a timeline this viewer cannot read: ${parsed.error.message}`);
  return parsed.data;
}

/** The run's timeline once its video is encoded (or after VIDEO_WAIT_MS, shown without the video). */
async function readyTimeline(port: number | undefined, recordingId: string, runId: string): Promise<RunTimeline> {
  const deadline = Date.now() + VIDEO_WAIT_MS;
  let timeline = await timelineOf(port, recordingId, runId);
  while (timeline.videoPending && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, VIDEO_POLL_MS));
    timeline = await timelineOf(port, recordingId, runId);
  }
  return timeline;
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
  const timeline = await readyTimeline(port, recordingId, id);
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
