import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CLIENT_IDS, MCP_CLIENTS, isClientId, type SetupScope } from './clients';
import { mcpLauncher } from './launcher';
import { ConfigMergeError } from './mergeConfig';
import { applySetup, describeSetup, planSetup } from './setupClient';

/** Where the command writes its lines; tests pass their own. */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  cwd: string;
  env: Record<string, string | undefined>;
  /** The stdio server script the entries start (dist/mcp.js beside the CLI). */
  mcpScript: string;
}

function usage(): string {
  const rows = CLIENT_IDS.map(
    (id) => `  ${id.padEnd(15)} ${MCP_CLIENTS[id].label} (${MCP_CLIENTS[id].scopes.join(', ')})`,
  );
  return [
    'Usage: browser-debug setup <client> [--scope user|project] [--project DIR] [--dry-run]',
    '',
    "Adds Browser Debug's MCP server to a client's configuration, keeping every other entry.",
    'The entry runs this Node by its absolute path, so it works without PATH (GUI clients).',
    '',
    'Clients (scopes, the first is the default):',
    ...rows,
    '',
    'Options:',
    '  --scope user|project  user: every project; project: a file in the project folder',
    '  --project DIR         the project folder for --scope project (default: the current folder)',
    '  --dry-run             print the file it would write, and write nothing',
  ].join('\n');
}

/** `browser-debug <args>`: returns the exit code (0 done, 1 could not write, 2 bad arguments). */
export async function runBrowserDebugCommand(argv: string[], io: CommandIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        scope: { type: 'string' },
        project: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage()}`);
    return 2;
  }
  const [command, client, ...extra] = parsed.positionals;
  if (parsed.values.help || command === 'help') return (io.out(usage()), 0);
  if (command !== 'setup' || !client || extra.length) {
    io.err(`${command && command !== 'setup' ? `Unknown command "${command}".` : 'Name one client.'}\n\n${usage()}`);
    return 2;
  }
  if (!isClientId(client)) {
    io.err(`Unknown client "${client}". Use one of: ${CLIENT_IDS.join(', ')}.`);
    return 2;
  }
  const scope = parsed.values.scope;
  if (scope !== undefined && scope !== 'user' && scope !== 'project') {
    io.err(`--scope is "user" or "project", not "${scope}".`);
    return 2;
  }
  return setup(client, scope, parsed.values.project, parsed.values['dry-run'], io);
}

async function setup(
  client: (typeof CLIENT_IDS)[number],
  scope: SetupScope | undefined,
  project: string | undefined,
  dryRun: boolean,
  io: CommandIo,
): Promise<number> {
  const places = {
    home: io.env.HOME || io.env.USERPROFILE || homedir(),
    project: resolve(io.cwd, project ?? '.'),
    platform: process.platform,
    env: io.env,
  };
  try {
    const plan = await planSetup({ client, scope, places, launcher: mcpLauncher(io.mcpScript) });
    if (dryRun) {
      io.out(describeSetup(plan, true));
      if (plan.changed) io.out(`--- ${plan.file}\n${plan.text}`);
      return 0;
    }
    await applySetup(plan);
    io.out(describeSetup(plan));
    return 0;
  } catch (error) {
    if (!(error instanceof ConfigMergeError) && !(error as NodeJS.ErrnoException).code) throw error;
    io.err(`Could not set up ${MCP_CLIENTS[client].label}: ${(error as Error).message}`);
    return 1;
  }
}
