import type { BrowserRecording, RecorderStep } from '../../../../src/shared/recording';
import type { ExtensionMessage } from '../../common/messages';
import { beginActivity } from '../actionBadge';
import { CommandError } from '../commandError';
import { framesInScope } from '../openTabs';
import { isInScope } from '../scope';
import { settings } from '../settings';
import { targetTab } from '../targetTab';

interface Active {
  id: string;
  tabId: number;
  url?: string;
  startedAt: number;
  steps: BrowserRecording['steps'];
  secrets: Record<string, string>;
  dialogs: BrowserRecording['dialogs'];
  crossOriginFrames: number[][];
  /** Ends the toolbar badge's REC. */
  endBadge: () => void;
}

/** Transitions a person starts by hand: they become `navigate` steps; links and forms are the click's doing. */
/** Recorder's `frame`: child indexes from the top frame down. */
function isFramePath(value: unknown): value is number[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= 16 &&
    value.every((index) => Number.isInteger(index) && index >= 0 && index < 1000)
  );
}

const TYPED_TRANSITIONS = new Set(['typed', 'auto_bookmark', 'generated', 'reload', 'keyword', 'start_page']);

/**
 * The recording in progress (one at a time, one tab): injects the page recorder after every load of
 * the tab, collects its steps, and hands everything over on stop. Secrets stay in memory only.
 */
export class TabRecorder {
  private active: Active | undefined;

  /** Registered synchronously at worker start, so navigations wake the listeners. */
  listen(): void {
    chrome.webNavigation.onCommitted.addListener((details) => {
      if (details.frameId === 0 && details.tabId === this.active?.tabId) this.committed(details);
    });
    chrome.webNavigation.onDOMContentLoaded.addListener((details) => {
      if (details.tabId !== this.active?.tabId) return;
      if (details.frameId === 0) void this.inject(details.tabId);
      // A frame that loads later (or again) records too, when its origin is in scope.
      else if (isInScope(details.url, settings())) void this.injectFrames(details.tabId, [details.frameId]);
    });
    chrome.tabs.onRemoved.addListener((tabId) => {
      if (tabId === this.active?.tabId)
        this.active.dialogs.push({ timestamp: Date.now(), text: 'the recorded tab was closed' });
    });
  }

  get status(): { id: string; tabId: number; steps: number } | undefined {
    return this.active && { id: this.active.id, tabId: this.active.tabId, steps: this.active.steps.length };
  }

  async start(args: {
    recordingId?: unknown;
    tabId?: unknown;
  }): Promise<{ tabId: number; url?: string; startedAt: number }> {
    if (this.active)
      throw new CommandError(
        'RECORDING_RUNNING',
        `Recording ${this.active.id} is still running in tab ${this.active.tabId}: stop it first.`,
      );
    const tab = await targetTab(typeof args.tabId === 'number' ? args.tabId : undefined);
    const tabId = tab.id!;
    const startedAt = Date.now();
    // Read before `active` is set: a page scripts cannot run in (an error page) must not leave a recording stuck.
    const [viewport] = await chrome.scripting
      .executeScript({
        target: { tabId },
        func: () => ({ width: innerWidth, height: innerHeight, deviceScaleFactor: devicePixelRatio }),
      })
      .catch((error: Error) => {
        throw new CommandError(
          'NOT_RECORDABLE',
          `This tab cannot be recorded (${error.message}): open your app's page in it and retry.`,
        );
      });
    const size = (viewport?.result ?? { width: 1280, height: 800, deviceScaleFactor: 1 }) as {
      width: number;
      height: number;
      deviceScaleFactor: number;
    };
    this.active = {
      id: String(args.recordingId),
      tabId,
      url: tab.url,
      startedAt,
      steps: [],
      secrets: {},
      dialogs: [],
      crossOriginFrames: [],
      endBadge: beginActivity('recording', tabId),
    };
    this.add(
      { type: 'setViewport', ...size, isMobile: false, hasTouch: false, isLandscape: size.width >= size.height },
      startedAt,
    );
    if (tab.url)
      this.add(
        {
          type: 'navigate',
          url: tab.url,
          assertedEvents: [{ type: 'navigation', url: tab.url, title: tab.title ?? '' }],
        },
        startedAt,
      );
    await this.inject(tabId);
    return { tabId, url: tab.url, startedAt };
  }

  async stop(args: { recordingId?: unknown }): Promise<BrowserRecording & { id: string }> {
    const active = this.active;
    if (!active || (args.recordingId !== undefined && String(args.recordingId) !== active.id)) {
      throw new CommandError('NO_RECORDING', 'No recording is running in this browser.');
    }
    const frameIds = await framesInScope(active.tabId, settings()).catch(() => [0]);
    const stopped = await chrome.scripting
      .executeScript({
        target: { tabId: active.tabId, frameIds },
        func: () =>
          (globalThis as { __browserDebugRecorder?: { stop(): unknown } }).__browserDebugRecorder?.stop() ?? [],
      })
      .catch(() => []);
    // Steps the page still held (a scroll being debounced) come back with the stop.
    for (const { frameId, result } of stopped)
      for (const message of (result ?? []) as ExtensionMessage[])
        if (message.kind === 'recording-step')
          this.onStep(active.tabId, message.step, message.timestamp, message.secret, frameId);
    this.active = undefined;
    active.endBadge();
    return {
      id: active.id,
      tabId: active.tabId,
      url: active.url,
      startedAt: active.startedAt,
      steps: active.steps,
      secrets: active.secrets,
      dialogs: active.dialogs,
      crossOriginFrames: active.crossOriginFrames,
    };
  }

  /**
   * A step from the page recorder of the recorded tab; steps from any other tab are ignored. Only a subframe's
   * step may name a frame, and only as Recorder's integer path (`frameId` is what the browser says sent it).
   */
  onStep(
    tabId: number | undefined,
    step: RecorderStep,
    timestamp: number,
    secret: { key: string; value: string } | undefined,
    frameId: number | undefined,
  ): void {
    if (!this.active || tabId !== this.active.tabId) return;
    if (!frameId) delete step.frame;
    else if (!isFramePath(step.frame)) return;
    if (secret) this.active.secrets[secret.key] = secret.value;
    if (step.type === 'doubleClick') this.dropClicksBefore(step);
    this.add(step, timestamp);
  }

  /** The frame of a step whose sender was another origin than the tab's page: exports say what reaches it. */
  onCrossOriginFrame(tabId: number | undefined, frame: unknown): void {
    const active = this.active;
    if (!active || tabId !== active.tabId || !isFramePath(frame)) return;
    if (!active.crossOriginFrames.some((path) => path.join() === frame.join()))
      active.crossOriginFrames.push([...frame]);
  }

  onDialog(tabId: number | undefined, text: string, timestamp: number): void {
    if (this.active && tabId === this.active.tabId) this.active.dialogs.push({ timestamp, text });
  }

  private add(step: RecorderStep, timestamp: number): void {
    this.active?.steps.push({ step, timestamp });
  }

  /** A double click arrives as click, click, dblclick: Recorder keeps only the doubleClick. */
  private dropClicksBefore(step: RecorderStep): void {
    const steps = this.active!.steps;
    const same = JSON.stringify(step.selectors);
    for (let i = 0; i < 2; i++) {
      const last = steps.at(-1)?.step;
      if (last?.type === 'click' && JSON.stringify(last.selectors) === same) steps.pop();
    }
  }

  private committed(details: chrome.webNavigation.WebNavigationTransitionCallbackDetails): void {
    const steps = this.active!.steps;
    const byHand =
      TYPED_TRANSITIONS.has(details.transitionType) || details.transitionQualifiers.includes('forward_back');
    if (byHand)
      return this.add(
        { type: 'navigate', url: details.url, assertedEvents: [{ type: 'navigation', url: details.url, title: '' }] },
        details.timeStamp,
      );
    const last = steps.at(-1)?.step;
    if (last && last.type !== 'navigate' && last.type !== 'setViewport')
      last.assertedEvents = [{ type: 'navigation', url: details.url, title: '' }];
  }

  private async inject(tabId: number): Promise<void> {
    await chrome.scripting
      .executeScript({ target: { tabId }, files: ['recorderDialogs.js'], world: 'MAIN' })
      .catch(() => undefined);
    await this.injectFrames(tabId, await framesInScope(tabId, settings()).catch(() => [0]));
  }

  /** The page recorder, into these frames of the tab (each runs it once however often it is injected). */
  private async injectFrames(tabId: number, frameIds: number[]): Promise<void> {
    await chrome.scripting
      .executeScript({ target: { tabId, frameIds }, files: ['recorder.js'] })
      .catch(() => undefined);
  }
}
