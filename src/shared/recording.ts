/**
 * Recordings: a developer's input as Chrome DevTools Recorder steps, our timeline beside them, and the
 * verdict of a replay. Shared by the browser extension, the connector, the MCP tools and VS Code.
 */
import type { ActDialog } from './actions';
import type { VisualChange, VisualReport } from './visualChanges';

/** One DevTools Recorder step (the JSON `@puppeteer/replay` reads); fields beyond `type` depend on it. */
export interface RecorderStep {
  type: string;
  selectors?: string[][] | string[];
  [field: string]: unknown;
}

/** A DevTools Recorder flow. */
export interface RecorderFlow {
  title: string;
  timeout?: number;
  steps: RecorderStep[];
  [field: string]: unknown;
}

/** A step as the browser recorded it: when it happened, beside the Recorder step itself. */
export interface TimedStep {
  step: RecorderStep;
  timestamp: number;
}

/** What the browser hands over when a recording stops. `secrets` travels only on /extension-ws. */
export interface BrowserRecording {
  tabId: number;
  url?: string;
  startedAt: number;
  steps: TimedStep[];
  /** Placeholder key → the real value typed. The connector keeps it in memory only. */
  secrets: Record<string, string>;
  /** alert/confirm/prompt the page opened while recording. */
  dialogs: { timestamp: number; text: string }[];
  /** Frame paths whose steps came from another origin than the top page's, as the browser reported the senders. */
  crossOriginFrames?: number[][];
}

/** Written into a flow wherever a secret value was typed, e.g. `{{secret:password}}`. */
export const SECRET_PATTERN = /\{\{secret:([\w.-]{1,60})\}\}/g;

export function secretPlaceholder(key: string): string {
  return `{{secret:${key}}}`;
}

/** The keys of the secrets a step needs. */
export function secretsIn(step: RecorderStep): string[] {
  const value = typeof step.value === 'string' ? step.value : '';
  return [...value.matchAll(SECRET_PATTERN)].map((match) => match[1]!);
}

export type TimelineKind = 'step' | 'error' | 'console' | 'request' | 'navigation' | 'dialog';

/** One line of a recording's (or a replay's) timeline. `step` is the index of the step it is or followed. */
export interface TimelineEntry {
  /** ms since the recording started. */
  at: number;
  kind: TimelineKind;
  /** Index into flow.steps of this step, or of the last step before it; -1 before the first step. */
  step: number;
  text: string;
  /** For errors and failed requests: what a replay compares (normalised message, or method + URL + status). */
  key?: string;
}

export interface RecordingSummary {
  id: string;
  title: string;
  startedAt: number;
  stoppedAt?: number;
  state: 'recording' | 'stopped';
  steps: number;
  errors: number;
  /** Where the JSON file is, once saved. */
  path?: string;
  imported?: boolean;
  lastVerdict?: ReplayVerdict['verdict'];
  /** When the last replay started: a new replay changes it even when the verdict stays the same. */
  lastReplayAt?: number;
}

export interface RecordingDetail extends RecordingSummary {
  flow: RecorderFlow;
  timeline: TimelineEntry[];
}

/** An error or a failed request, and the step it followed (index into flow.steps, -1 before the first). */
export interface Problem {
  kind: 'error' | 'request';
  text: string;
  key: string;
  step: number;
}

export interface ReplayVerdict {
  recordingId: string;
  /** The run kept with the recording (its timeline, video and receipt); absent for a cancelled replay. */
  runId?: string;
  verdict: 'reproduced' | 'not reproduced' | 'diverged';
  /** Plain words: what the verdict means for this recording. */
  summary: string;
  stepsRun: number;
  stepsTotal: number;
  /** When diverged: the step (index) that could not run, and why. */
  failedStep?: { index: number; type: string; reason: string };
  recurring: Problem[];
  gone: Problem[];
  new: Problem[];
  startedAt: number;
  /** Until the last step ran; the rest of durationMs waits for the page's last errors and requests. */
  stepsMs: number;
  durationMs: number;
  /** Requests the replay's network mocks answered, failed, blocked or delayed (replays with `networkMocks`). */
  mocked?: MockedRequest[];
  /** Each step's screenshot against the recording's baseline: the changed regions, named (visualChanges/). */
  visualChanges?: VisualChange[];
  visual?: VisualReport;
}

/** A request of a replay that one of its network mocks handled. */
export interface MockedRequest {
  ruleId: string;
  action: string;
  method: string;
  url: string;
  status?: number;
  error?: string;
}

/** What the browser does for one replay step; `value` already carries any secret. */
export interface ReplayStepArgs {
  step: RecorderStep;
  timeoutMs: number;
  tabId?: number;
}

export interface ReplayStepResult {
  tabId: number;
  /** How long the step took in the browser. */
  ms: number;
  /** Set when the step was not carried out by design (e.g. setViewport keeps the developer's window). */
  skipped?: string;
  /** Dialogs the page opened while the step ran (older extensions leave it out); the replay accepted each. */
  dialogs?: ReplayDialog[];
}

/** A dialog a replayed step met: what the page showed (data, never markup) and how the replay answered it. */
export interface ReplayDialog {
  type: ActDialog['type'];
  message: string;
  /** Epoch ms at which the browser saw it open. */
  openedAt: number;
  answer: 'accepted';
}

/** A recording id, checked before any path is built from it (HTTP, MCP, a browser's reply, a saved file). */
export const RECORDING_ID = /^rec-[\w-]{1,100}$/;

export function isRecordingId(id: unknown): id is string {
  return typeof id === 'string' && RECORDING_ID.test(id);
}
