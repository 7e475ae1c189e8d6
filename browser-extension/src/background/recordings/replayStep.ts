import type { RecorderStep, ReplayDialog, ReplayStepArgs, ReplayStepResult } from '../../../../src/shared/recording';
import type { Acting } from '../actions/acting';
import { actionSession, type ActionSession, type OpenDialog } from '../actions/actionSession';
import { fillNode } from '../actions/forms';
import { keyStep, modifierNames } from '../actions/keyboard';
import { callOn, resolveChain } from '../actions/locate';
import { actionPoint, clickNode, hoverNode } from '../actions/mouse';
import { CommandError } from '../commandError';
import type { Send } from '../debuggerSession';
import { frameDocument, type StepDocument } from './frameDocument';
import { targetTab } from '../targetTab';

const POLL_MS = 50;
/** Modifier keys a replay's keyDown steps hold, per tab, until their keyUp: clicks and keys carry them. */
const held = new Map<number, number>();
/** Dialogs a step answer already listed: one still closing when the next step starts is not listed twice. */
const reported = new WeakSet<OpenDialog>();

/** Thrown when a step cannot run; the connector turns it into a `diverged` verdict. */
const stepFailed = (message: string) => new CommandError('STEP_FAILED', message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Carries out one Recorder step in the developer's tab through the action engine's session (trusted
 * chrome.debugger Input), waiting implicitly, up to the step's timeout, for its element and page loads.
 * Dialogs the page opens meanwhile are accepted, so a confirm() does not stall the replay, and the answer lists them.
 */
export async function replayStep(args: ReplayStepArgs): Promise<ReplayStepResult> {
  const started = Date.now();
  const tab = await targetTab(args.tabId);
  const tabId = tab.id!;
  const session = await actionSession(tabId);
  const dialogs: ReplayDialog[] = [];
  // The session notes each dialog as it opens (actionSession.ts): the replay answers it and keeps what it was.
  const accept = () => {
    const open = session.dialog;
    if (open && !reported.has(open)) {
      reported.add(open);
      dialogs.push({
        type: open.type,
        message: String(open.message ?? ''),
        openedAt: open.openedAt,
        answer: 'accepted',
      });
    }
    void session.send('Page.handleJavaScriptDialog', { accept: true }).catch(() => undefined);
  };
  if (session.dialog) accept();
  const off = session.on('Page.javascriptDialogOpening', accept);
  try {
    // After the open dialog is answered: a page held by one answers nothing.
    await session.show();
    const skipped = await runStep(session, args.step, started + args.timeoutMs);
    return { tabId, ms: Date.now() - started, ...(skipped ? { skipped } : {}), ...(dialogs.length ? { dialogs } : {}) };
  } finally {
    off();
  }
}

async function runStep(session: ActionSession, step: RecorderStep, deadline: number): Promise<string | undefined> {
  const { send } = session;
  switch (step.type) {
    case 'setViewport':
      return 'the replay keeps your window size';
    case 'navigate':
      held.delete(session.tabId);
      await send('Page.navigate', { url: String(step.url) });
      await waitForLoad(send, deadline);
      break;
    case 'click':
    case 'doubleClick':
      await onTarget(session, step, deadline, (at, node) => click(at, step, node));
      break;
    case 'hover':
      await onTarget(session, step, deadline, (at, node) => hoverNode(at, node));
      break;
    case 'change':
      await onTarget(session, step, deadline, (at, node) => fillNode(at, node, String(step.value ?? '')));
      break;
    case 'keyDown':
    case 'keyUp':
      held.set(
        session.tabId,
        await keyStep(
          session,
          step.type === 'keyDown' ? 'down' : 'up',
          String(step.key),
          held.get(session.tabId) ?? 0,
        ).catch((error: Error) => {
          throw stepFailed(error.message);
        }),
      );
      break;
    case 'scroll':
      await scroll(session, step, deadline);
      break;
    case 'waitForElement':
      await onTarget(session, step, deadline, (at, node) => actionPoint(at, node, { allowDisabled: true }));
      break;
    case 'waitForExpression':
      await waitFor(
        deadline,
        `the expression ${String(step.expression)} never became true`,
        async () => (await evaluate(send, String(step.expression))) === true,
      );
      break;
    case 'close':
    case 'emulateNetworkConditions':
      return `${step.type} is not replayed in your own tab`;
    default:
      throw stepFailed(`this replay does not support '${step.type}' steps`);
  }
  await waitForAssertedNavigation(send, step, deadline);
  return undefined;
}

/** Normalises the two selector shapes Recorder writes (`["a", "b"]` or `[["a"], ["b"]]`). */
export function selectorChains(selectors: unknown): string[][] {
  if (!Array.isArray(selectors)) return [];
  return selectors.map((entry) => (Array.isArray(entry) ? entry.map(String) : [String(entry)]));
}

/** Recorder's offsets are from the element's top-left corner: the click lands where the person clicked. */
function click(at: Acting, step: RecorderStep, node: number): Promise<void> {
  return clickNode(at, node, {
    button: step.button === 'secondary' ? 'right' : step.button === 'auxiliary' ? 'middle' : 'left',
    clickCount: step.type === 'doubleClick' ? 2 : 1,
    modifiers: modifierNames(held.get(at.tabId) ?? 0),
    offset: {
      x: typeof step.offsetX === 'number' ? step.offsetX : undefined,
      y: typeof step.offsetY === 'number' ? step.offsetY : undefined,
    },
  });
}

async function scroll(session: ActionSession, step: RecorderStep, deadline: number): Promise<void> {
  const x = Number(step.x ?? 0);
  const y = Number(step.y ?? 0);
  if (!step.selectors) return void (await evaluate(session.send, `window.scrollTo(${x}, ${y})`));
  await onTarget(session, step, deadline, (at, node) =>
    callOn(at.send, node, 'function (x, y) { this.scrollTo(x, y); }', [x, y]),
  );
}

/**
 * Runs `use` on the step's element through the action engine: each selector alternative in turn, through its
 * resolver, and `use` refuses a hidden, disabled or covered element as the action tools do. Until one
 * succeeds it tries again, up to the step's timeout, and then says why the last alternative failed.
 */
async function onTarget<T>(
  session: ActionSession,
  step: RecorderStep,
  deadline: number,
  use: (at: Acting, node: number) => Promise<T>,
): Promise<T> {
  const chains = selectorChains(step.selectors);
  if (!chains.length) throw stepFailed('the step has no selectors');
  const frame = Array.isArray(step.frame) && step.frame.length ? (step.frame as number[]) : undefined;
  for (;;) {
    let reason = `no element matches ${chains.map((chain) => chain.join(' >> ')).join(' or ')}`;
    // A step in a frame looks there (found again each try: the frame may still be loading).
    // One in another site's frame looks through that frame's child session, and acts at its offset.
    const within: StepDocument | undefined = frame
      ? await frameDocument(session, frame).catch((error: Error) => void (reason = error.message))
      : undefined;
    const at = within?.at ?? session;
    for (const chain of frame && !within ? [] : chains) {
      let node: number | undefined;
      try {
        node = await resolveChain(at.send, chain, within?.documentId);
        return await use(at, node);
      } catch (error) {
        if (node !== undefined) reason = `the element for ${chain.join(' >> ')}: ${(error as Error).message}`;
      }
    }
    if (Date.now() + POLL_MS > deadline) throw stepFailed(`${reason}, until the step timed out`);
    await sleep(POLL_MS);
  }
}
async function evaluate(send: Send, expression: string): Promise<unknown> {
  const { result, exceptionDetails } = await send<{ result: { value?: unknown }; exceptionDetails?: unknown }>(
    'Runtime.evaluate',
    { expression, returnByValue: true, awaitPromise: true },
  );
  return exceptionDetails ? undefined : result.value;
}

async function waitFor(deadline: number, what: string, check: () => Promise<boolean>): Promise<void> {
  for (;;) {
    // A navigation can destroy the context mid-check: that just means "not yet".
    if (await check().catch(() => false)) return;
    if (Date.now() + POLL_MS > deadline) throw stepFailed(what);
    await sleep(POLL_MS);
  }
}

async function waitForLoad(send: Send, deadline: number): Promise<void> {
  await waitFor(
    deadline,
    'the page did not finish loading',
    async () => (await evaluate(send, 'document.readyState')) === 'complete',
  );
}

/** A click Recorder saw navigate (assertedEvents) waits for that page to load before the next step. */
async function waitForAssertedNavigation(send: Send, step: RecorderStep, deadline: number): Promise<void> {
  const events = Array.isArray(step.assertedEvents) ? (step.assertedEvents as { type?: string; url?: string }[]) : [];
  const navigation = events.find((event) => event.type === 'navigation');
  if (!navigation || step.type === 'navigate') return;
  const url = navigation.url ? new URL(navigation.url).pathname : undefined;
  await waitFor(deadline, `the page did not navigate${navigation.url ? ` to ${navigation.url}` : ''}`, async () => {
    const state = (await evaluate(send, '[document.readyState, location.pathname]')) as [string, string] | undefined;
    return Boolean(state && state[0] === 'complete' && (!url || state[1] === url));
  });
}
