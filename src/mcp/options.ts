/** `BROWSER_DEBUG_MCP_BUDGET`: characters per MCP answer, for the CLI and the stdio bin. */
export function answerBudgetFromEnvironment(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.BROWSER_DEBUG_MCP_BUDGET;
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 4000 || value > 500_000) {
    throw new Error(
      `Invalid BROWSER_DEBUG_MCP_BUDGET '${raw}': expected a number of characters from 4000 to 500000 (default 20000).`,
    );
  }
  return value;
}

/** `BROWSER_DEBUG_MCP_LEGACY_TOOLS=1`: also list the earlier tool names (they answer calls either way). */
export function legacyToolNamesFromEnvironment(env: NodeJS.ProcessEnv): boolean {
  return /^(1|true|yes)$/i.test(env.BROWSER_DEBUG_MCP_LEGACY_TOOLS ?? '');
}
