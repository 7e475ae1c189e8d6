/**
 * `npm run docs:tools`: writes the MCP tool reference into docs/mcp-tools.md from the tool definitions,
 * between the markers below. `--check` only reports whether that file is up to date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { toolList } from '../src/mcp/server';
import { TOOLS } from '../src/mcp/tools/registry';

/** The generated reference's file, from the repository root. */
export const TOOLS_DOC_FILE = 'docs/mcp-tools.md';

export const TOOLS_DOC_MARKERS = ['<!-- mcp:tools:start -->', '<!-- mcp:tools:end -->'] as const;

interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  format?: string;
}

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  const range =
    schema.minimum !== undefined && schema.maximum !== undefined && schema.maximum < 1e9
      ? ` ${schema.minimum}..${schema.maximum}`
      : '';
  if (type === 'array' && schema.items) return `array of ${typeOf(schema.items)}`;
  return `${type}${range}${schema.format ? ` (${schema.format})` : ''}`;
}

function argumentLines(schema: JsonSchema, prefix = ''): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const required = schema.required?.includes(name) && property.default === undefined;
    const facts = [
      typeOf(property),
      required
        ? 'required'
        : property.default !== undefined && typeof property.default !== 'object'
          ? `default ${JSON.stringify(property.default)}`
          : 'optional',
    ];
    const line = `  - \`${prefix}${name}\` (${facts.join(', ')}): ${property.description ?? ''}`;
    return [line, ...argumentLines(property, `${prefix}${name}.`)];
  });
}

function hints(annotations: { readOnlyHint?: boolean; destructiveHint?: boolean } | undefined): string {
  if (annotations?.readOnlyHint) return 'read-only';
  return annotations?.destructiveHint ? 'destructive' : 'changes the page';
}

/** The Markdown reference: one entry per tool with its arguments; aliases point at their tool. */
export function renderToolsDoc(): string {
  const listed = new Map(toolList({ legacyToolNames: true }).map((tool) => [tool.name, tool]));
  const lines = [
    `${TOOLS.length} tools. Arguments marked optional may be left out; list answers say how to get more.`,
    '',
  ];
  for (const tool of TOOLS) {
    const schema = listed.get(tool.name)!.inputSchema as JsonSchema;
    if (tool.aliasOf) {
      // The alias's own first sentence says what it stands for; the rest repeats its tool.
      lines.push(`- **\`${tool.name}\`**: ${tool.description.split('. ')[0]!.replace(/\.$/, '')}.`);
      continue;
    }
    lines.push(`- **\`${tool.name}\`** (${hints(tool.annotations)}): ${tool.description}`);
    const args = argumentLines(schema);
    lines.push(...(args.length ? args : ['  - no arguments']));
  }
  return lines.join('\n');
}

/** `text` with the part between the two markers replaced by `body`. */
export function replaceBetweenMarkers(text: string, [start, end]: readonly [string, string], body: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${TOOLS_DOC_FILE} has no ${start} … ${end} section.`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}

if (require.main === module) {
  const path = resolve(__dirname, '..', TOOLS_DOC_FILE);
  const readme = readFileSync(path, 'utf8');
  const updated = replaceBetweenMarkers(readme, TOOLS_DOC_MARKERS, renderToolsDoc());
  if (process.argv.includes('--check')) {
    if (updated !== readme) {
      console.error(`${TOOLS_DOC_FILE} is out of date: run npm run docs:tools`);
      process.exit(1);
    }
  } else if (updated !== readme) {
    writeFileSync(path, updated);
    console.log(`${TOOLS_DOC_FILE} updated.`);
  } else {
    console.log(`${TOOLS_DOC_FILE} already up to date.`);
  }
}
