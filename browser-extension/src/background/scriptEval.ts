import type { ScriptReply } from '../../../src/shared/browserCommands';
import { CommandError } from './commandError';
import type { Send } from './debuggerSession';

interface Evaluated {
  result: { type: string; value?: unknown; description?: string };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

/** Where a script runs over the debugger: a session, and a context in it (absent: its main frame's page world). */
export interface ScriptPlace {
  send: Send;
  contextId?: number;
}

/** `return x` at top level is a function body, not an expression: run it as one (REPL mode awaits the top level only). */
function asFunctionBody(code: string): string {
  return `await (async () => {\n${code}\n})()`;
}

/** Runs code over the debugger and answers its value (a description for what JSON cannot carry) or its exception. */
export async function evaluateScript(
  place: ScriptPlace,
  code: string,
  wantValue: boolean,
): Promise<Omit<ScriptReply, 'via'>> {
  let evaluated = await evaluate(place, code, true);
  if (evaluated.exceptionDetails && /Illegal return statement/.test(describeException(evaluated)))
    evaluated = await evaluate(place, asFunctionBody(code), true);
  if (evaluated.exceptionDetails) throw new CommandError('SCRIPT_ERROR', describeException(evaluated));
  const { result } = evaluated;
  if (result.type === 'object' && result.value === undefined && result.description)
    return { type: 'object', value: wantValue ? result.description : undefined };
  return { type: result.type, value: wantValue ? result.value : undefined };
}

async function evaluate({ send, contextId }: ScriptPlace, expression: string, byValue: boolean): Promise<Evaluated> {
  const where = contextId === undefined ? {} : { contextId };
  const evaluated = await send<Evaluated>('Runtime.evaluate', {
    expression,
    awaitPromise: true,
    returnByValue: byValue,
    replMode: true,
    userGesture: true,
    ...where,
  });
  // DOM nodes and the like cannot be returned by value: fall back to their description.
  if (evaluated.exceptionDetails && /by value|reference chain/i.test(describeException(evaluated)))
    return send<Evaluated>('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: false,
      replMode: true,
      ...where,
    });
  return evaluated;
}

function describeException(evaluated: Evaluated): string {
  return evaluated.exceptionDetails?.exception?.description ?? evaluated.exceptionDetails?.text ?? 'The script threw.';
}
