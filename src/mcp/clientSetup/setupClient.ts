import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MCP_CLIENTS, type ClientId, type SetupPlaces, type SetupScope } from './clients';
import type { McpLauncher } from './launcher';
import { ConfigMergeError, mergeJson, mergeToml } from './mergeConfig';

/** The server's name in every client's table. */
export const SERVER_NAME = 'browser-debug';

export interface SetupRequest {
  client: ClientId;
  /** Defaults to the client's first scope. */
  scope?: SetupScope;
  places: SetupPlaces;
  launcher: McpLauncher;
  name?: string;
}

/** What a set-up writes (or would write, in a dry run). */
export interface SetupPlan {
  client: ClientId;
  label: string;
  scope: SetupScope;
  file: string;
  created: boolean;
  /** False when the file already holds exactly this entry. */
  changed: boolean;
  text: string;
  entry: Record<string, unknown>;
}

/** Reads the client's file and merges the entry in, without writing. Throws ConfigMergeError with what to do. */
export async function planSetup(request: SetupRequest): Promise<SetupPlan> {
  const client = MCP_CLIENTS[request.client];
  const scope = request.scope ?? client.scopes[0]!;
  if (!client.scopes.includes(scope))
    throw new ConfigMergeError(
      `${client.label} has no ${scope} scope: use ${client.scopes.map((s) => `--scope ${s}`).join(' or ')}.`,
    );
  const file = client.file(scope, request.places);
  const created = !existsSync(file);
  const before = created ? '' : await readFile(file, 'utf8');
  const entry = client.entry(request.launcher);
  const merge = client.format === 'toml' ? mergeToml : mergeJson;
  const text = await merge(before, client.table, request.name ?? SERVER_NAME, entry, file);
  return {
    client: client.id,
    label: client.label,
    scope,
    file,
    created,
    changed: created || text !== before,
    text,
    entry,
  };
}

/** Writes a plan's file (creating its folder), unless nothing changed. */
export async function applySetup(plan: SetupPlan): Promise<void> {
  if (!plan.changed) return;
  await mkdir(dirname(plan.file), { recursive: true });
  await writeFile(plan.file, plan.text);
}

/** One line for the user: what was (or would be) written where. */
export function describeSetup(plan: SetupPlan, dryRun = false): string {
  const what = `the "${SERVER_NAME}" MCP server for ${plan.label} (${plan.scope} scope)`;
  if (!plan.changed) return `${plan.file} already has ${what}: nothing to change.`;
  const verb = dryRun ? 'Would write' : plan.created ? 'Created' : 'Updated';
  return `${verb} ${plan.file} with ${what}; other entries are kept.`;
}
