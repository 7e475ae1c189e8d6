import { applyEdits, modify, parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** A configuration file that cannot be merged safely: the caller says so and writes nothing. */
export class ConfigMergeError extends Error {}

type Table = Record<string, unknown>;

const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path`, undefined when a step is missing; throws when a step is not a table. */
function tableAt(root: unknown, path: readonly string[], file: string): Table | undefined {
  let node = root;
  for (const [index, key] of path.entries()) {
    if (!isTable(node)) throw new ConfigMergeError(`${file}: "${path.slice(0, index).join('.')}" is not an object.`);
    node = node[key];
    if (node === undefined) return undefined;
  }
  if (!isTable(node)) throw new ConfigMergeError(`${file}: "${path.join('.')}" is not an object.`);
  return node;
}

const sameValue = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/**
 * `text` (JSON with comments, or empty for a new file) with `table.name` set to `entry`. Only that one
 * member changes: other servers, other settings, comments and layout stay as they were.
 */
export function mergeJson(text: string, table: readonly string[], name: string, entry: Table, file: string): string {
  const errors: ParseError[] = [];
  const root: unknown = text.trim() ? parse(text, errors, { allowTrailingComma: true }) : {};
  if (errors.length)
    throw new ConfigMergeError(
      `${file} is not valid JSON (${printParseErrorCode(errors[0]!.error)} at offset ${errors[0]!.offset}): fix it, then run the set-up again. Nothing was written.`,
    );
  if (!isTable(root)) throw new ConfigMergeError(`${file} does not hold a JSON object. Nothing was written.`);
  if (sameValue(tableAt(root, table, file)?.[name], entry)) return text;
  const base = text.trim() ? text : '{}\n';
  const edits = modify(base, [...table, name], entry, { formattingOptions: { insertSpaces: true, tabSize: 2 } });
  const merged = applyEdits(base, edits);
  return merged.endsWith('\n') ? merged : `${merged}\n`;
}

/**
 * `text` (TOML) with `[table.name]` set to `entry`. A new server is appended as its own section, so the
 * rest of the file (comments included) stays byte for byte; an existing one is replaced by re-writing
 * the document (TOML comments are then lost, which the caller reports).
 */
export async function mergeToml(
  text: string,
  table: readonly string[],
  name: string,
  entry: Table,
  file: string,
): Promise<string> {
  // smol-toml is an ES module; loaded when a TOML file is merged (Codex only).
  const { parse: parseToml, stringify: stringifyToml } = await import('smol-toml');
  let root: Table;
  try {
    root = parseToml(text) as Table;
  } catch (error) {
    throw new ConfigMergeError(
      `${file} is not valid TOML (${(error as Error).message.split('\n')[0]}): fix it, then run the set-up again. Nothing was written.`,
    );
  }
  const existing = tableAt(root, table, file);
  if (sameValue(existing?.[name], entry)) return text;
  const section = [...table, name].reduceRight<Table>((inner, key) => ({ [key]: inner }), entry);
  if (existing?.[name] === undefined) {
    const appended = `${text}${text && !text.endsWith('\n') ? '\n' : ''}${text ? '\n' : ''}${stringifyToml(section).trimEnd()}\n`;
    try {
      if (sameValue(tableAt(parseToml(appended), table, file)?.[name], entry)) return appended;
    } catch {
      // An inline table or dotted keys elsewhere: fall through to a full re-write.
    }
  }
  let node = root;
  for (const key of table) node = (node[key] ??= {}) as Table;
  node[name] = entry;
  return `${stringifyToml(root).trimEnd()}\n`;
}
