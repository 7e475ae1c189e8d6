import type { ConnectorServices } from '../connector/services';
import { secretPlaceholder } from '../shared/secretFields';
import { oneLine } from './format/text';

/** Tools that act in the developer's browser: each call is recorded for them to see (dashboard, `/ws`). */
export const ACTION_TOOLS: ReadonlySet<string> = new Set([
  'click',
  'hover',
  'fill',
  'type_text',
  'press_key',
  'select_option',
  'drag',
  'upload_file',
  'handle_dialog',
  'navigate_history',
  'navigate_to_url',
  'select_tab',
  'new_tab',
  'emulate',
  'execute_javascript',
]);

/** The argument that holds what an action typed: logged only when the browser said the field is not a secret one. */
/** The argument that carries what was typed: shown as `[secret, N chars]` unless the field is known not to be secret. */
const TYPED: Readonly<Record<string, string>> = { fill: 'value', type_text: 'text', handle_dialog: 'promptText' };

/**
 * The arguments that say what an action touched, in a short line: `ref=e7 value="tea"`. A typed value
 * is `[secret, N chars]` unless `typedValueShown` (a password, one-time code or card number never
 * reaches the log, `/ws` or the dashboard).
 */
export function describeTarget(args: Record<string, unknown>, tool = '', typedValueShown = false): string {
  const typed = TYPED[tool];
  const parts = Object.entries(args)
    .filter(([key, value]) => value !== undefined && key !== 'code')
    .map(([key, value]) =>
      key === typed && typeof value === 'string' && !typedValueShown
        ? `${key}=${secretPlaceholder(value)}`
        : `${key}=${typeof value === 'string' ? JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value) : JSON.stringify(value)}`,
    );
  if (typeof args.code === 'string') parts.push(`code=${JSON.stringify(args.code.slice(0, 80))}`);
  return parts.join(' ');
}

/** Records one action tool call, after its answer is known. Other tools are not recorded. */
export function recordAction(
  services: ConnectorServices,
  tool: string,
  args: unknown,
  outcome: {
    text: string;
    isError: boolean;
    startedAt: number;
    typedValueShown?: boolean;
    /** The agent (MCP session) that acted. */
    agent?: { id: number; name: string; colour: string };
  },
): void {
  if (!ACTION_TOOLS.has(tool)) return;
  const record = (args && typeof args === 'object' ? args : {}) as Record<string, unknown>;
  const tabId = typeof record.tabId === 'number' ? record.tabId : services.selectedTab.id;
  services.actionLog.record({
    timestamp: outcome.startedAt,
    tool,
    target: describeTarget(record, tool, outcome.typedValueShown === true && !outcome.isError),
    tabId,
    outcome: outcome.isError ? 'error' : 'ok',
    summary: oneLine(outcome.text.split('\n')[0] ?? ''),
    durationMs: Date.now() - outcome.startedAt,
    ...(outcome.agent ? { agent: outcome.agent } : {}),
  });
}
