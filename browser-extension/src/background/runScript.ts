import type { ScriptReply } from '../../../src/shared/browserCommands';
import { CommandError } from './commandError';
import { withDebugger, type Send } from './debuggerSession';
import { targetTab } from './targetTab';

interface Evaluated {
  result: { type: string; value?: unknown; description?: string };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

/** `return x` at top level is a function body, not an expression: run it as one (REPL mode awaits the top level only). */
function asFunctionBody(code: string): string {
  return `await (async () => {\n${code}\n})()`;
}

/**
 * Runs code in the page's main world and answers its value or its exception. chrome.userScripts
 * (Chrome 135+, once the user allows user scripts) shows no debugger bar; otherwise a brief attach.
 */
export async function runScript(args: {
  code?: unknown;
  returnResult?: unknown;
  tabId?: number;
}): Promise<ScriptReply> {
  if (typeof args.code !== 'string' || !args.code.trim())
    throw new CommandError('INVALID_ARGUMENT', 'Give the JavaScript to run as `code`.');
  const tab = await targetTab(args.tabId);
  const code = args.code;
  const wantValue = args.returnResult !== false;
  const viaUserScripts = await tryUserScripts(tab.id!, code);
  if (viaUserScripts) return { ...viaUserScripts, value: wantValue ? viaUserScripts.value : undefined };
  return withDebugger(tab.id!, async (send) => {
    let evaluated = await evaluate(send, code, true);
    if (evaluated.exceptionDetails && /Illegal return statement/.test(describeException(evaluated)))
      evaluated = await evaluate(send, asFunctionBody(code), true);
    if (
      !evaluated.exceptionDetails &&
      evaluated.result.type === 'object' &&
      evaluated.result.value === undefined &&
      evaluated.result.description
    ) {
      return { type: 'object', value: wantValue ? evaluated.result.description : undefined, via: 'debugger' };
    }
    if (evaluated.exceptionDetails) throw new CommandError('SCRIPT_ERROR', describeException(evaluated));
    return { type: evaluated.result.type, value: wantValue ? evaluated.result.value : undefined, via: 'debugger' };
  });
}

async function evaluate(send: Send, expression: string, byValue: boolean): Promise<Evaluated> {
  const evaluated = await send<Evaluated>('Runtime.evaluate', {
    expression,
    awaitPromise: true,
    returnByValue: byValue,
    replMode: true,
    userGesture: true,
  });
  // DOM nodes and the like cannot be returned by value: fall back to their description.
  if (evaluated.exceptionDetails && /by value|reference chain/i.test(describeException(evaluated)))
    return send<Evaluated>('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: false,
      replMode: true,
    });
  return evaluated;
}

function describeException(evaluated: Evaluated): string {
  return evaluated.exceptionDetails?.exception?.description ?? evaluated.exceptionDetails?.text ?? 'The script threw.';
}

/** Only when the user has allowed user scripts for this extension; undefined means "use the debugger". */
async function tryUserScripts(
  tabId: number,
  code: string,
): Promise<(Omit<ScriptReply, 'value'> & { value?: unknown }) | undefined> {
  const api = (
    chrome as unknown as {
      userScripts?: { execute?: (injection: unknown) => Promise<{ result?: unknown; error?: string }[]> };
    }
  ).userScripts;
  if (!api?.execute) return undefined;
  const wrapped = `(async () => {
    const src = ${JSON.stringify(code)};
    const plain = (v) => { try { return JSON.parse(JSON.stringify(v) ?? 'null'); } catch { return String(v); } };
    try {
      let v;
      try { v = (0, eval)(src); }
      catch (e) { if (e instanceof SyntaxError && /return/.test(e.message)) v = (0, eval)('(async () => {\\n' + src + '\\n})()'); else throw e; }
      v = await v;
      return { ok: true, type: typeof v, value: plain(v) };
    } catch (e) { return { ok: false, csp: e instanceof EvalError, error: String((e && e.stack) || e) }; }
  })()`;
  let results;
  try {
    results = await api.execute({ target: { tabId }, world: 'MAIN', injectImmediately: true, js: [{ code: wrapped }] });
  } catch {
    return undefined;
  }
  const outcome = results[0]?.result as
    { ok: boolean; type?: string; value?: unknown; csp?: boolean; error?: string } | undefined;
  // The page's CSP forbids eval in its world: the debugger is not bound by it.
  if (!outcome || outcome.csp) return undefined;
  if (!outcome.ok) throw new CommandError('SCRIPT_ERROR', outcome.error ?? 'The script threw.');
  return { type: outcome.type ?? typeof outcome.value, value: outcome.value, via: 'userScripts' };
}
