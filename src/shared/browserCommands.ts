/**
 * The commands the connector asks of the browser extension, defined once: each name maps to its
 * arguments and its reply. The connector's bridge and `tabCommand` and the browser's handler table are
 * all typed from `BrowserCommands`, so a command added, renamed or changed on one side only does not
 * compile. Browser code imports this file for its types only: no zod reaches the worker's bundle.
 */
import type { ActReply } from './actions';
import type { NewTabArgs, NewTabReply } from './agentTabs';
import type { ElementInspection, InspectRequest } from './inspection';
import type { MockRule, NetworkMock } from './networkMocks';
import type { ColorScheme, EmulationRequest, HistoryAction, NetworkPreset, Viewport } from './pageControl';
import type { BrowserRecording, ReplayStepArgs, ReplayStepResult } from './recording';
import type { ScreenshotOptions, ScreenshotPreview } from './screenshotSchema';
import type { VisualShotReply } from './visualChanges';

/** Commands that act in a tab take its id; without one the browser picks the locked tab, else the active one. */
export type TabTarget = { tabId?: number };

/** The `tabId` of any command's arguments, when it has one. */
export function tabIdOf(args: object): number | undefined {
  return 'tabId' in args && typeof args.tabId === 'number' ? args.tabId : undefined;
}

/** The tab a command acted in, as the browser reports it. */
export interface PageInfo {
  tabId?: number;
  url?: string;
  title?: string;
}

/** One candidate tab in the `tabs` reply: every http(s) tab. */
export interface TabInfo {
  id: number;
  url: string;
  title: string;
  active: boolean;
  windowId: number;
  inScope: boolean;
  locked: boolean;
}

/** A cookie as the browser hands it over for an audit of the logged-in page. */
export interface BrowserCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite?: string;
  expirationDate?: number;
}

/** The emulation in force in a tab after `emulate`. */
export interface EmulationState {
  viewport?: Viewport;
  network: NetworkPreset;
  cpuThrottling: number;
  colorScheme: ColorScheme;
}

export interface ScreenshotReply {
  data: string;
  preview?: ScreenshotPreview;
}

/** A frame or worker of a tab that a script can run in (execute_javascript's `frame`). */
export interface ScriptFrame {
  kind: 'frame' | 'worker' | 'shared_worker' | 'service_worker';
  /** As the browser reports it: page data, fenced where a model reads it. */
  url: string;
}

export interface ScriptReply {
  value?: unknown;
  type: string;
  /** How it ran: `userScripts` (no debugger bar) or `debugger` (a brief attach). */
  via: 'userScripts' | 'debugger';
  /** The frame or worker it ran in, when `frame` was given. */
  frame?: ScriptFrame;
  /** `frame` matched none: it did not run, and these are the frames and workers it could name. */
  frames?: ScriptFrame[];
}

export type ScriptArgs = TabTarget & {
  code: string;
  returnResult?: boolean;
  /** Where to run: a ref of an iframe's snapshot line, or part of a frame's or worker's URL; absent: the page. */
  frame?: string;
};

export interface SnapshotReply {
  tabId?: number;
  url?: string;
  title?: string;
  text: string;
  lines: number;
  /** The page was read only as far as the answer shows it: the count is an estimate. */
  linesEstimated?: boolean;
  shownLines?: number;
  omitted?: number;
}

/** The trace itself travels as `trace-chunk` frames; the reply says how many. */
export interface TraceReply extends PageInfo {
  tabId: number;
  events: number;
  reload: boolean;
  recordedMs: number;
  chunks: number;
  bytes: number;
}

/** A replay's screencast: frames from `Page.startScreencast`, timed from `startedAt` (the run's start, epoch ms). */
export type ScreencastStartArgs = TabTarget & { runId: string; startedAt: number };

/**
 * The encoded video travels as `video-chunk` frames (under `transferId`); the reply says how many.
 */
export interface ScreencastReply {
  chunks: number;
  bytes: number;
  mimeType: string;
  width: number;
  height: number;
  frames: number;
  durationMs: number;
}

/** `still`: the JPEG (base64) the tab showed when step `stillStep` of the replay ended. */
export interface ScreencastStopReply {
  still?: string;
}

/** A tab's DevTools target, for the connector's own CDP connection to the browser (heap snapshots). */
export interface TabTargetReply extends PageInfo {
  tabId: number;
  targetId: string;
}

export type HighlightArgs = TabTarget & {
  ref?: string;
  selector?: string;
  label?: string;
  durationMs?: number;
  clear?: boolean;
};

export type WaitForArgs = TabTarget & {
  text?: string;
  selector?: string;
  gone?: boolean;
  timeoutMs?: number;
};

type Command<Args, Reply> = { args: Args; reply: Reply };

/** Every connector → browser command: name → arguments → reply. */
export interface BrowserCommands {
  screenshot: Command<ScreenshotOptions, ScreenshotReply>;
  'run-script': Command<ScriptArgs, ScriptReply>;
  navigate: Command<
    { url: string; waitUntil?: 'load' | 'domcontentloaded' } & TabTarget,
    PageInfo & { waitUntil: string }
  >;
  'current-url': Command<TabTarget, PageInfo>;
  tabs: Command<Record<string, never>, { tabs: TabInfo[] }>;
  cookies: Command<{ url: string }, { cookies: BrowserCookie[] }>;
  'preview-image': Command<{ data: string; maxDimension: number; maxBytes: number }, ScreenshotPreview>;
  snapshot: Command<{ selector?: string; maxChars?: number } & TabTarget, SnapshotReply>;
  act: Command<{ action: string; maxChars?: number; [field: string]: unknown } & TabTarget, ActReply>;
  /** By ref or selector (what callers send), or `at` a viewport point in CSS px (a replay's visual change). */
  inspect: Command<(InspectRequest | { at: { x: number; y: number } }) & TabTarget, ElementInspection>;
  highlight: Command<HighlightArgs, PageInfo & { cleared?: boolean; label?: string; durationMs?: number }>;
  pick: Command<TabTarget, { tabId: number; picking: true; focused: boolean }>;
  'performance-trace': Command<{ transferId: string; reload?: boolean; durationMs?: number } & TabTarget, TraceReply>;
  /**
   * The tab's DevTools target id (chrome.debugger.getTargets): Chrome closes HeapProfiler to extensions, so
   * heap snapshots go through the browser's own DevTools connection, opened by the connector.
   */
  'tab-target': Command<TabTarget, TabTargetReply>;
  'record-start': Command<{ recordingId: string } & TabTarget, { tabId: number; url?: string; startedAt: number }>;
  'record-stop': Command<{ recordingId?: string }, BrowserRecording & { id: string }>;
  'record-status': Command<Record<string, never>, { id: string; tabId: number; steps: number } | null>;
  'replay-step': Command<ReplayStepArgs, ReplayStepResult>;
  'screencast-start': Command<ScreencastStartArgs, { tabId: number }>;
  /** Ends the filming at once (the verdict does not wait); the encoder finishes in the background. */
  'screencast-stop': Command<{ runId: string; stillStep: number }, ScreencastStopReply>;
  /** Waits for the stopped screencast's encoder, then sends the video. */
  'screencast-video': Command<{ runId: string; transferId: string }, ScreencastReply>;
  /** Animations settled and carets hidden, two viewport shots `gapMs` apart. */
  'visual-shot': Command<{ gapMs: number } & TabTarget, VisualShotReply>;
  emulate: Command<EmulationRequest & TabTarget, PageInfo & { state: EmulationState }>;
  history: Command<{ action: HistoryAction } & TabTarget, PageInfo>;
  'select-tab': Command<{ tabId: number }, PageInfo>;
  'wait-for': Command<WaitForArgs, PageInfo & { met: boolean; elapsedMs: number }>;
  dialog: Command<
    { accept?: boolean; promptText?: string } & TabTarget,
    PageInfo & { dialogType?: string; message?: string }
  >;
  /** `roots`: the connector's file roots, which the extension checks the paths against itself. */
  'upload-file': Command<
    { ref: string; paths: string[]; roots: string[] } & TabTarget,
    PageInfo & { files: (string | undefined)[] }
  >;
  'network-mock-add': Command<{ id: string; rule: MockRule } & TabTarget, PageInfo & { mock: NetworkMock }>;
  'network-mock-clear': Command<{ id?: string }, { cleared: number; mocks: NetworkMock[] }>;
  'network-mock-list': Command<Record<string, never>, { mocks: NetworkMock[] }>;
  'new-tab': Command<NewTabArgs, NewTabReply>;
  'close-tabs': Command<{ tabIds: number[] }, { closed: number[] }>;
  'share-tab': Command<{ tabId: number; shared: boolean }, { tabId: number; shared: boolean }>;
}

export type CommandName = keyof BrowserCommands;
export type CommandArgs<K extends CommandName> = BrowserCommands[K]['args'];
export type CommandReply<K extends CommandName> = BrowserCommands[K]['reply'];

/** A handler table keyed by every command, no more and no fewer: what the browser extension implements. */
export type CommandHandlers = { [K in CommandName]: (args: CommandArgs<K>) => Promise<CommandReply<K>> };

/** One entry per command: `COMMAND_NAMES` and the runtime check come from the same keys as the types. */
const NAMES: { [K in CommandName]: true } = {
  screenshot: true,
  'run-script': true,
  navigate: true,
  'current-url': true,
  tabs: true,
  cookies: true,
  'preview-image': true,
  snapshot: true,
  act: true,
  inspect: true,
  highlight: true,
  pick: true,
  'performance-trace': true,
  'tab-target': true,
  'record-start': true,
  'record-stop': true,
  'record-status': true,
  'replay-step': true,
  'screencast-start': true,
  'screencast-stop': true,
  'screencast-video': true,
  'visual-shot': true,
  emulate: true,
  history: true,
  'select-tab': true,
  'wait-for': true,
  dialog: true,
  'upload-file': true,
  'network-mock-add': true,
  'network-mock-clear': true,
  'network-mock-list': true,
  'new-tab': true,
  'close-tabs': true,
  'share-tab': true,
};

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(NAMES, name);
}

export const COMMAND_NAMES: readonly CommandName[] = Object.keys(NAMES).filter(isCommandName);
