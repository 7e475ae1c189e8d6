import type { CommandArgs, CommandReply } from '../../../../src/shared/browserCommands';
import { actionSession, type ActionSession } from '../actions/actionSession';
import { refuseWhileDialog } from '../actions/snapshotCommand';
import { targetTab } from '../targetTab';

/** Longest pause allowed between the two shots. */
const MAX_GAP_MS = 2000;

/**
 * Runs in the page: hides carets, stops transitions, finishes finite animations and cancels infinite ones (as
 * Playwright's `animations: "disabled"` does), then waits for two frames (or 100 ms in a tab that paints none).
 * Answers the device pixel ratio. `SETTLED.restore()` plays the cancelled animations again and drops the style.
 */
const SETTLE = `async (id) => {
  const style = document.createElement('style');
  style.id = id;
  style.textContent = '*, *::before, *::after { caret-color: transparent !important; transition: none !important; }';
  (document.head || document.documentElement).append(style);
  const cancelled = [];
  for (const animation of document.getAnimations()) {
    const timing = animation.effect && animation.effect.getComputedTiming ? animation.effect.getComputedTiming() : {};
    try {
      if (timing.iterations === Infinity) { animation.cancel(); cancelled.push(animation); }
      else animation.finish();
    } catch {}
  }
  globalThis[id] = () => { style.remove(); for (const animation of cancelled) try { animation.play(); } catch {} };
  await new Promise((done) => {
    setTimeout(done, 100);
    requestAnimationFrame(() => requestAnimationFrame(done));
  });
  return devicePixelRatio;
}`;

const RESTORE = `(id) => { const restore = globalThis[id]; delete globalThis[id]; if (typeof restore === 'function') restore(); }`;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function callPage<T>(session: ActionSession, declaration: string, id: string): Promise<T | undefined> {
  const { result } = await session.send<{ result: { value?: T } }>('Runtime.evaluate', {
    expression: `(${declaration})(${JSON.stringify(id)})`,
    awaitPromise: true,
    returnByValue: true,
  });
  return result.value;
}

/**
 * A lossless shot. `optimizeForSpeed` has Chrome compress less (one row filter, fast zlib): its PNG is about a
 * third bigger but takes half the time to make here, and decodes faster in the connector.
 */
async function shot(session: ActionSession): Promise<string> {
  const { data } = await session.send<{ data: string }>('Page.captureScreenshot', {
    format: 'png',
    optimizeForSpeed: true,
  });
  return `data:image/png;base64,${data}`;
}

/**
 * `visual-shot`: the viewport as it settles after a replay step, twice, `gapMs` apart, through the replay's own
 * debugger session. The page is left as it was (style removed, animations playing) whatever happens.
 */
export async function visualShot(args: CommandArgs<'visual-shot'>): Promise<CommandReply<'visual-shot'>> {
  const gapMs = Math.min(Math.max(Math.round(args.gapMs), 0), MAX_GAP_MS);
  const tab = await targetTab(args.tabId);
  const session = await actionSession(tab.id!);
  refuseWhileDialog(session);
  const id = `__browserDebugSettle${Math.random().toString(36).slice(2)}`;
  try {
    const ratio = await callPage<number>(session, SETTLE, id);
    const first = await shot(session);
    await delay(gapMs);
    const second = await shot(session);
    return { shots: [first, second], scale: typeof ratio === 'number' && ratio > 0 ? ratio : 1 };
  } finally {
    await callPage(session, RESTORE, id).catch(() => undefined);
  }
}
