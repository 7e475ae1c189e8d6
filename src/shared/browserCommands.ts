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

export interface ScriptReply {
  value?: unknown;
  type: string;
  /** How it ran: `userScripts` (no debugger bar) or `debugger` (a brief attach). */
  via: 'userScripts' | 'debugger';
}

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
  'run-script': Command<{ code: string; returnResult?: boolean } & TabTarget, ScriptReply>;
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
  inspect: Command<InspectRequest & TabTarget, ElementInspection>;
  highlight: Command<HighlightArgs, PageInfo & { cleared?: boolean; label?: string; durationMs?: number }>;
  pick: Command<TabTarget, { tabId: number; picking: true; focused: boolean }>;
  'performance-trace': Command<{ transferId: string; reload?: boolean; durationMs?: number } & TabTarget, TraceReply>;
  'record-start': Command<{ recordingId: string } & TabTarget, { tabId: number; url?: string; startedAt: number }>;
  'record-stop': Command<{ recordingId?: string }, BrowserRecording & { id: string }>;
  'record-status': Command<Record<string, never>, { id: string; tabId: number; steps: number } | null>;
  'replay-step': Command<ReplayStepArgs, ReplayStepResult>;
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
  'record-start': true,
  'record-stop': true,
  'record-status': true,
  'replay-step': true,
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
