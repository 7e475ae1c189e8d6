/**
 * MAIN world, injected only while a recording runs: tells the recorder when the page opens an alert,
 * confirm or prompt (the isolated world cannot see them), so the timeline shows dialogs.
 */
import { DIALOG_EVENT } from '../../common/messages';

type DialogFunction = (message?: unknown, ...rest: unknown[]) => unknown;
const marked = window as unknown as { __browserDebugDialogs?: boolean };

if (!marked.__browserDebugDialogs) {
  marked.__browserDebugDialogs = true;
  for (const name of ['alert', 'confirm', 'prompt'] as const) {
    const original = window[name] as DialogFunction;
    (window as unknown as Record<string, DialogFunction>)[name] = function (
      this: unknown,
      message?: unknown,
      ...rest: unknown[]
    ) {
      window.dispatchEvent(
        new CustomEvent(DIALOG_EVENT, { detail: `${name}: ${String(message ?? '')}`.slice(0, 300) }),
      );
      return original.call(this, message, ...rest);
    };
  }
}
