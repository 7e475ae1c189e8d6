/** Turns console arguments into one readable message, as DevTools would show them, within caps. */

export const MAX_MESSAGE_CHARS = 10_000;
const MAX_DEPTH = 3;
const MAX_KEYS = 50;
const MAX_ITEMS = 100;

export function truncate(text: string, max = MAX_MESSAGE_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[truncated ${text.length - max} chars]`;
}

export function formatArgs(args: readonly unknown[]): string {
  const parts: string[] = [];
  let rest = [...args];
  if (typeof rest[0] === 'string' && rest[0].includes('%')) {
    const [formatted, remaining] = applyFormat(rest[0], rest.slice(1));
    parts.push(formatted);
    rest = remaining;
  }
  for (const arg of rest) parts.push(typeof arg === 'string' ? arg : describe(arg, 0, new WeakSet()));
  return truncate(parts.join(' '));
}

/** %s %d %i %f %o %O %c, like the console. */
function applyFormat(format: string, args: unknown[]): [string, unknown[]] {
  let index = 0;
  const text = format.replace(/%([sdifoOc%])/g, (whole, spec: string) => {
    if (spec === '%') return '%';
    if (index >= args.length) return whole;
    const arg = args[index++];
    if (spec === 'c') return '';
    if (spec === 's') return typeof arg === 'string' ? arg : describe(arg, 1, new WeakSet());
    if (spec === 'd' || spec === 'i') return String(parseInt(String(arg), 10));
    if (spec === 'f') return String(parseFloat(String(arg)));
    return describe(arg, 0, new WeakSet());
  });
  return [text, args.slice(index)];
}

export function describe(value: unknown, depth: number, seen: WeakSet<object>): string {
  switch (typeof value) {
    case 'string':
      return depth === 0 ? value : JSON.stringify(value.length > 500 ? truncate(value, 500) : value);
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return `ƒ ${value.name || 'anonymous'}()`;
  }
  if (value === null) return 'null';
  return describeObject(value as object, depth, seen);
}

function describeObject(value: object, depth: number, seen: WeakSet<object>): string {
  if (value instanceof Error)
    return value.stack && value.stack.includes(value.message) ? value.stack : `${value.name}: ${value.message}`;
  if (typeof Node !== 'undefined' && value instanceof Node) return describeNode(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof RegExp) return String(value);
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `Array(${value.length})` : '{…}';
  seen.add(value);
  try {
    if (Array.isArray(value)) return describeList(value, depth, seen, '[', ']');
    if (value instanceof Map)
      return `Map(${value.size}) {${[...value]
        .slice(0, MAX_ITEMS)
        .map(([k, v]) => `${describe(k, depth + 1, seen)} => ${describe(v, depth + 1, seen)}`)
        .join(', ')}}`;
    if (value instanceof Set) return `Set(${value.size}) ${describeList([...value], depth, seen, '{', '}')}`;
    const keys = Object.keys(value);
    const shown = keys
      .slice(0, MAX_KEYS)
      .map((key) => `${key}: ${describe((value as Record<string, unknown>)[key], depth + 1, seen)}`);
    if (keys.length > MAX_KEYS) shown.push(`…${keys.length - MAX_KEYS} more`);
    const name = value.constructor && value.constructor !== Object ? `${value.constructor.name} ` : '';
    return `${name}{${shown.join(', ')}}`;
  } finally {
    seen.delete(value);
  }
}

function describeList(items: unknown[], depth: number, seen: WeakSet<object>, open: string, close: string): string {
  const shown = items.slice(0, MAX_ITEMS).map((item) => describe(item, depth + 1, seen));
  if (items.length > MAX_ITEMS) shown.push(`…${items.length - MAX_ITEMS} more`);
  return `${open}${shown.join(', ')}${close}`;
}

function describeNode(node: Node): string {
  if (node instanceof Element) {
    const id = node.id ? `#${node.id}` : '';
    const classes =
      typeof node.className === 'string' && node.className.trim()
        ? '.' + node.className.trim().split(/\s+/).join('.')
        : '';
    return `<${node.tagName.toLowerCase()}${id}${classes}>`;
  }
  if (node.nodeType === Node.TEXT_NODE) return `#text ${JSON.stringify(truncate(node.textContent ?? '', 100))}`;
  return node.nodeName.toLowerCase();
}

/** console.table as a small text table. */
export function formatTable(data: unknown): string {
  if (data === null || typeof data !== 'object') return describe(data, 0, new WeakSet());
  const rows = Object.entries(data as Record<string, unknown>).slice(0, MAX_ITEMS);
  const columns = new Set<string>();
  for (const [, row] of rows)
    if (row && typeof row === 'object')
      Object.keys(row)
        .slice(0, 20)
        .forEach((key) => columns.add(key));
  const header = ['(index)', ...(columns.size ? columns : ['Value'])];
  const lines = rows.map(([index, row]) => {
    const cells = columns.size
      ? [...columns].map((key) => describe((row as Record<string, unknown>)?.[key], 1, new WeakSet()))
      : [describe(row, 1, new WeakSet())];
    return [index, ...cells].join(' | ');
  });
  return truncate(['console.table', header.join(' | '), ...lines].join('\n'));
}
