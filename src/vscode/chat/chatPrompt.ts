import { fencePage } from '../../mcp/format/fence';
import { cut } from '../../mcp/format/text';

/** Longest prompt the chat gets; the page's part is cut so its fence stays whole. */
export const CHAT_PROMPT_CHARS = 6_000;

export interface ChatPromptParts {
  /** Our request, first: what the assistant should do. */
  ask: string;
  /** What the page wrote (messages, stacks, URLs, titles, steps): escaped and fenced as untrusted. */
  page: string | readonly string[];
  /** Our closing words: how to find and check the fix. */
  then: string;
}

/**
 * Every chat prompt built in VS Code: our words around one fence of page text, through the same escaping
 * and fence as the MCP answers, so a page cannot speak to the assistant in the user's name.
 */
export function chatPrompt({ ask, page, then }: ChatPromptParts): string {
  const text = typeof page === 'string' ? page : page.join('\n');
  const room = CHAT_PROMPT_CHARS - ask.length - then.length - 140;
  return [ask, fencePage(cut(text, Math.max(200, room))), then].filter(Boolean).join('\n');
}

/**
 * The arguments of `workbench.action.chat.open`: the prompt is put in the chat's input for the user to
 * read and send (isPartialQuery), never submitted on their behalf. `agent` for prompts that ask for
 * Browser Debug's tools (replay_recording); without it the chat keeps the user's mode.
 */
export function chatOpenArgs(query: string, mode?: 'agent'): { query: string; isPartialQuery: true; mode?: 'agent' } {
  return mode ? { query, isPartialQuery: true, mode } : { query, isPartialQuery: true };
}
