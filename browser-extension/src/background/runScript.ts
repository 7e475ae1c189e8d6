import type { ScriptReply } from '../../../src/shared/browserCommands';
import { CommandError } from './commandError';
import { withDebugger } from './debuggerSession';
import { evaluateScript } from './scriptEval';
import { runInFrame } from './targets/frameScript';
import { targetTab } from './targetTab';

/**
 * Runs code in the page's main world and answers its value or its exception. chrome.userScripts
 * (Chrome 135+, once the user allows user scripts) shows no debugger bar; otherwise a brief attach.
 * With `frame`, in that frame or worker's main world over the tab's action session (targets/frameScript.ts).
 */
export async function runScript(args: {
  code?: unknown;
  returnResult?: unknown;
  frame?: unknown;
  tabId?: number;
}): Promise<ScriptReply> {
  if (typeof args.code !== 'string' || !args.code.trim())
    throw new CommandError('INVALID_ARGUMENT', 'Give the JavaScript to run as `code`.');
  const tab = await targetTab(args.tabId);
  const code = args.code;
  const wantValue = args.returnResult !== false;
  if (args.frame !== undefined) return runInFrame(tab.id!, frameArg(args.frame), code, wantValue);
  const viaUserScripts = await tryUserScripts(tab.id!, code);
  if (viaUserScripts) return { ...viaUserScripts, value: wantValue ? viaUserScripts.value : undefined };
  return withDebugger(tab.id!, async (send) => ({
    ...(await evaluateScript({ send }, code, wantValue)),
    via: 'debugger',
  }));
}

function frameArg(frame: unknown): string {
  if (typeof frame !== 'string' || !frame.trim())
    throw new CommandError(
      'INVALID_ARGUMENT',
      'Give `frame` as the ref of an Iframe line of take_snapshot (e.g. "e12") or part of a frame\'s URL, or leave it out to run in the page.',
    );
  return frame.trim();
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
