import type { RecorderStep, ReplayStepArgs, ReplayStepResult } from '../../../../src/shared/recording';
import { actionSession, type ActionSession } from '../actions/actionSession';
import { fillNode } from '../actions/forms';
import { keyDefinition } from '../actions/keyboard';
import { BUTTON_BITS, hoverNode } from '../actions/mouse';
import { CommandError } from '../commandError';
import type { Send } from '../debuggerSession';
import { targetTab } from '../targetTab';
import { resolveTarget, selectorChains, type TargetBox } from './resolveTarget';

const POLL_MS = 50;
const MODIFIER_BITS: Record<string, number> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };
/** Modifier keys a replay's keyDown steps hold, per tab, until their keyUp: clicks and keys carry them. */
const held = new Map<number, number>();

/** Thrown when a step cannot run; the connector turns it into a `diverged` verdict. */
const stepFailed = (message: string) => new CommandError('STEP_FAILED', message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Carries out one Recorder step in the developer's tab through the action engine's session (trusted
 * chrome.debugger Input), waiting implicitly, up to the step's timeout, for its element and page loads.
 * Dialogs the page opens meanwhile are accepted, so a confirm() does not stall the replay.
 */
export async function replayStep(args: ReplayStepArgs): Promise<ReplayStepResult> {
  const started = Date.now();
  const tab = await targetTab(args.tabId);
  const tabId = tab.id!;
  const session = await actionSession(tabId);
  const accept = () => void session.send('Page.handleJavaScriptDialog', { accept: true }).catch(() => undefined);
  if (session.dialog) accept();
  const off = session.on('Page.javascriptDialogOpening', accept);
  try {
    const skipped = await runStep(session, args.step, started + args.timeoutMs);
    return { tabId, ms: Date.now() - started, ...(skipped ? { skipped } : {}) };
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
      await pointer(session, step, await waitForTarget(send, step, deadline));
      break;
    case 'hover':
      await hoverNode(session, await backendNodeOf(send, await waitForTarget(send, step, deadline)));
      break;
    case 'change':
      await fillNode(
        session,
        await backendNodeOf(send, await waitForTarget(send, step, deadline)),
        String(step.value ?? ''),
      );
      break;
    case 'keyDown':
    case 'keyUp':
      await key(session, step);
      break;
    case 'scroll':
      await scroll(send, step, deadline);
      break;
    case 'waitForElement':
      await waitForTarget(send, step, deadline);
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

async function waitForTarget(send: Send, step: RecorderStep, deadline: number): Promise<TargetBox> {
  const chains = selectorChains(step.selectors);
  if (!chains.length) throw stepFailed('the step has no selectors');
  const offsets = {
    x: typeof step.offsetX === 'number' ? step.offsetX : undefined,
    y: typeof step.offsetY === 'number' ? step.offsetY : undefined,
  };
  for (;;) {
    const outcome = await resolveTarget(send, chains, offsets).catch((error: Error) => ({ missing: error.message }));
    if ('found' in outcome) return outcome.found;
    if (Date.now() + POLL_MS > deadline) throw stepFailed(`${outcome.missing}, until the step timed out`);
    await sleep(POLL_MS);
  }
}

/** Recorder's offsets are from the element's top-left corner: the click lands where the person clicked. */
async function pointer(session: ActionSession, step: RecorderStep, box: TargetBox): Promise<void> {
  const x = box.x + Math.min(typeof step.offsetX === 'number' ? step.offsetX : box.width / 2, box.width - 1);
  const y = box.y + Math.min(typeof step.offsetY === 'number' ? step.offsetY : box.height / 2, box.height - 1);
  const modifiers = held.get(session.tabId) ?? 0;
  await session.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, modifiers });
  session.mouse = { x, y };
  const button = step.button === 'secondary' ? 'right' : step.button === 'auxiliary' ? 'middle' : 'left';
  const clicks = step.type === 'doubleClick' ? 2 : 1;
  for (let clickCount = 1; clickCount <= clicks; clickCount++) {
    await session.send('Input.dispatchMouseEvent', {
      type: 'mousePressed',
      x,
      y,
      button,
      clickCount,
      buttons: BUTTON_BITS[button],
      modifiers,
    });
    await session.send('Input.dispatchMouseEvent', {
      type: 'mouseReleased',
      x,
      y,
      button,
      clickCount,
      buttons: 0,
      modifiers,
    });
  }
}

async function backendNodeOf(send: Send, box: TargetBox): Promise<number> {
  const { node } = await send<{ node: { backendNodeId: number } }>('DOM.describeNode', { objectId: box.objectId });
  return node.backendNodeId;
}

async function key(session: ActionSession, step: RecorderStep): Promise<void> {
  const definition = keyDefinition(String(step.key));
  if (!definition) throw stepFailed(`unknown key '${String(step.key)}'`);
  const bit = MODIFIER_BITS[definition.key] ?? 0;
  const before = held.get(session.tabId) ?? 0;
  const modifiers = step.type === 'keyDown' ? before | bit : before & ~bit;
  held.set(session.tabId, modifiers);
  if (step.type === 'keyUp')
    return void (await session.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      ...definition,
      text: undefined,
      modifiers,
    }));
  // With Control, Alt or Meta held a key is a shortcut: it types nothing.
  const text = modifiers & ~MODIFIER_BITS.Shift! ? undefined : definition.text;
  await session.send('Input.dispatchKeyEvent', {
    type: text ? 'keyDown' : 'rawKeyDown',
    ...definition,
    text,
    unmodifiedText: text,
    modifiers,
  });
}

async function scroll(send: Send, step: RecorderStep, deadline: number): Promise<void> {
  const x = Number(step.x ?? 0);
  const y = Number(step.y ?? 0);
  if (!step.selectors) return void (await evaluate(send, `window.scrollTo(${x}, ${y})`));
  const box = await waitForTarget(send, step, deadline);
  await send('Runtime.callFunctionOn', {
    objectId: box.objectId,
    functionDeclaration: `function () { this.scrollTo(${x}, ${y}); }`,
  });
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
