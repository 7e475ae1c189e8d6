import type { TraceLongTask, TraceScriptRef } from '../../shared/performance';
import { ms, type RawEvent, type TreeNode } from './engineShapes';
import type { ParsedTrace } from './traceEngine';

const LONG_TASK_US = 50_000;
const MAX_TASKS = 20;
const MAX_SCRIPTS = 3;

interface Thread {
  name?: string;
  tree?: { roots: Set<TreeNode> | TreeNode[] };
}

function mainThreads(parsed: ParsedTrace): Thread[] {
  const processes = (parsed.data.Renderer as unknown as { processes: Map<number, { threads: Map<number, Thread> }> })
    .processes;
  return [...processes.values()]
    .flatMap((process) => [...process.threads.values()])
    .filter((thread) => thread.name === 'CrRendererMain');
}

const childrenOf = (node: TreeNode) => [...node.children];

/** Self time per script function in one task: CPU samples when there are any, else the script events. */
function scriptsIn(root: TreeNode): TraceScriptRef[] {
  const time = new Map<string, { ref: TraceScriptRef; us: number }>();
  const add = (ref: TraceScriptRef, us: number) => {
    const key = `${ref.url}|${ref.functionName ?? ''}|${ref.line ?? ''}`;
    const entry = time.get(key) ?? { ref, us: 0 };
    entry.us += us;
    time.set(key, entry);
  };
  const walk = (node: TreeNode) => {
    const { entry } = node;
    const children = childrenOf(node);
    const selfUs = (entry.dur ?? 0) - children.reduce((sum, child) => sum + (child.entry.dur ?? 0), 0);
    const frame = entry.callFrame;
    if (entry.name === 'ProfileCall' && frame?.url)
      add(
        {
          url: frame.url,
          functionName: frame.functionName || undefined,
          ...(frame.lineNumber >= 0 ? { line: frame.lineNumber + 1, column: frame.columnNumber + 1 } : {}),
        },
        selfUs,
      );
    else if (
      typeof entry.args?.data?.url === 'string' &&
      /^(EvaluateScript|FunctionCall|v8\.compile|TimerFire|EventDispatch)$/.test(entry.name)
    )
      add(scriptEventRef(entry), Math.max(0, selfUs));
    for (const child of children) walk(child);
  };
  walk(root);
  return [...time.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, MAX_SCRIPTS)
    .map(({ ref }) => ref);
}

function scriptEventRef(entry: RawEvent): TraceScriptRef {
  const data = entry.args!.data!;
  // Script events count lines from 1 already; CPU profile frames count from 0.
  const line = typeof data.lineNumber === 'number' && data.lineNumber > 0 ? data.lineNumber : undefined;
  return {
    url: data.url!,
    functionName: typeof data.functionName === 'string' && data.functionName ? data.functionName : undefined,
    line,
    column: typeof data.columnNumber === 'number' ? data.columnNumber : undefined,
  };
}

/** Main-thread tasks over 50 ms, longest first, each with the scripts that ran in it. */
export function longTasks(parsed: ParsedTrace, originUs: number): TraceLongTask[] {
  const tasks: TraceLongTask[] = [];
  for (const thread of mainThreads(parsed)) {
    for (const root of thread.tree?.roots ?? []) {
      const duration = root.entry.dur ?? 0;
      if (duration < LONG_TASK_US) continue;
      tasks.push({ startMs: ms(root.entry.ts - originUs), durationMs: ms(duration), scripts: scriptsIn(root) });
    }
  }
  return tasks.sort((a, b) => b.durationMs - a.durationMs).slice(0, MAX_TASKS);
}
