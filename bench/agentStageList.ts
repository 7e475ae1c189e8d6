/** The stages bench:agents:stages times, cheapest first (see agentStages.ts). */
export interface Stage {
  name: string;
  args: (snapshot: string) => Record<string, unknown>;
  tool: string;
}

const refOf = (snapshot: string, pattern: RegExp) =>
  snapshot
    .split('\n')
    .find((line) => pattern.test(line))
    ?.match(/^\s*(e\d+) /)?.[1] ?? 'e1';

export const STAGES: Stage[] = [
  { name: 'list_tabs', tool: 'list_tabs', args: () => ({}) },
  { name: 'execute_javascript "1"', tool: 'execute_javascript', args: () => ({ code: '1' }) },
  { name: 'hover', tool: 'hover', args: (snapshot) => ({ ref: refOf(snapshot, /button "Help"/) }) },
  { name: 'take_snapshot', tool: 'take_snapshot', args: () => ({}) },
];
