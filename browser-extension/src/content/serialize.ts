/** Turns console arguments into one readable message, as DevTools would show them, within caps. */

export const MAX_MESSAGE_CHARS = 10_000;
const MAX_DEPTH = 3;
const MAX_KEYS = 50;
const MAX_ITEMS = 100;

export function truncate(text: string, max = MAX_MESSAGE_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[truncated ${text.length - max} chars]`;
}

/**
 * The message, made in the page's call so it shows the values as they were then. It runs on every console
 * call of the page: plain objects and arrays, the common case, take a short path, and the objects on the
 * way down are kept in a small array (a path at most MAX_DEPTH long) rather than a WeakSet per argument.
 */
export function formatArgs(args: readonly unknown[]): string {
  let start = 0;
  let text = '';
  const first = args[0];
  if (typeof first === 'string' && first.includes('%')) {
    const [formatted, used] = applyFormat(first, args);
    text = formatted;
    start = used;
  } else if (args.length) {
    text = typeof first === 'string' ? first : describe(first, 0, []);
    start = 1;
  }
  for (let i = start; i < args.length; i++) {
    const arg = args[i];
    text += ' ' + (typeof arg === 'string' ? arg : describe(arg, 0, []));
  }
  return truncate(text);
}

/** %s %d %i %f %o %O %c, like the console; also says how many arguments (the format's included) it used. */
function applyFormat(format: string, args: readonly unknown[]): [string, number] {
  let index = 1;
  const text = format.replace(/%([sdifoOc%])/g, (whole, spec: string) => {
    if (spec === '%') return '%';
    if (index >= args.length) return whole;
    const arg = args[index++];
    if (spec === 'c') return '';
    if (spec === 's') return typeof arg === 'string' ? arg : describe(arg, 1, []);
    if (spec === 'd' || spec === 'i') return String(parseInt(String(arg), 10));
    if (spec === 'f') return String(parseFloat(String(arg)));
    return describe(arg, 0, []);
  });
  return [text, index];
}

/** `seen`: the objects being written on the way down to this value, to tell a circle from a repeat. */
export function describe(value: unknown, depth: number, seen: object[]): string {
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

function describeObject(value: object, depth: number, seen: object[]): string {
  const array = Array.isArray(value);
  const proto: unknown = array ? undefined : Object.getPrototypeOf(value);
  const plain = proto === Object.prototype || proto === null;
  if (!array && !plain) {
    if (value instanceof Error)
      return value.stack && value.stack.includes(value.message) ? value.stack : `${value.name}: ${value.message}`;
    if (typeof Node !== 'undefined' && value instanceof Node) return describeNode(value);
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    if (value instanceof RegExp) return String(value);
  }
  if (seen.includes(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return array ? `Array(${(value as unknown[]).length})` : '{…}';
  seen.push(value);
  try {
    if (array) return describeList(value as unknown[], depth, seen, '[', ']');
    if (!plain && value instanceof Map) {
      let shown = '';
      let count = 0;
      for (const [k, v] of value) {
        if (count++ === MAX_ITEMS) break;
        shown += `${count > 1 ? ', ' : ''}${describe(k, depth + 1, seen)} => ${describe(v, depth + 1, seen)}`;
      }
      return `Map(${value.size}) {${shown}}`;
    }
    if (!plain && value instanceof Set) return `Set(${value.size}) ${describeList([...value], depth, seen, '{', '}')}`;
    const keys = Object.keys(value);
    let shown = '';
    const count = Math.min(keys.length, MAX_KEYS);
    for (let i = 0; i < count; i++) {
      const key = keys[i]!;
      shown += `${i ? ', ' : ''}${key}: ${describe((value as Record<string, unknown>)[key], depth + 1, seen)}`;
    }
    if (keys.length > MAX_KEYS) shown += `, …${keys.length - MAX_KEYS} more`;
    const name = !plain && value.constructor && value.constructor !== Object ? `${value.constructor.name} ` : '';
    return `${name}{${shown}}`;
  } finally {
    seen.pop();
  }
}

function describeList(items: unknown[], depth: number, seen: object[], open: string, close: string): string {
  let shown = '';
  const count = Math.min(items.length, MAX_ITEMS);
  for (let i = 0; i < count; i++) shown += `${i ? ', ' : ''}${describe(items[i], depth + 1, seen)}`;
  if (items.length > MAX_ITEMS) shown += `, …${items.length - MAX_ITEMS} more`;
  return `${open}${shown}${close}`;
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
  if (data === null || typeof data !== 'object') return describe(data, 0, []);
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
      ? [...columns].map((key) => describe((row as Record<string, unknown>)?.[key], 1, []))
      : [describe(row, 1, [])];
    return [index, ...cells].join(' | ');
  });
  return truncate(['console.table', header.join(' | '), ...lines].join('\n'));
}
