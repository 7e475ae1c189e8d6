import { CommandError } from '../commandError';
import type { Send } from '../debuggerSession';
import { refFor } from './refs';

interface AXValue {
  value?: unknown;
}
export interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  value?: AXValue;
  properties?: { name: string; value: AXValue }[];
  childIds?: string[];
  parentId?: string;
  backendDOMNodeId?: number;
}

/** One snapshot line: its text, depth, and whether the model can act on it (kept first when over budget). */
export interface SnapshotLine {
  text: string;
  depth: number;
  interactive: boolean;
  ref?: string;
}

const INTERACTIVE = new Set(['button', 'link', 'textbox', 'searchbox', 'combobox', 'listbox', 'option', 'checkbox', 'radio', 'switch', 'slider', 'spinbutton', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'treeitem', 'textField', 'TextField']);
/** Roles that only group: shown only when named, their children move up a level. */
const TRANSPARENT = new Set(['generic', 'none', 'presentation', 'GenericContainer', 'Section', 'LineBreak', 'InlineTextBox', 'RootWebArea', 'WebArea', 'LayoutTable', 'LayoutTableRow', 'LayoutTableCell']);
const MAX_NAME = 100;

function quoted(text: string): string {
  const short = text.length > MAX_NAME ? `${text.slice(0, MAX_NAME)}…` : text;
  return JSON.stringify(short.replace(/\s+/g, ' ').trim());
}

function states(node: AXNode, role: string): string {
  const out: string[] = [];
  const value = node.value?.value;
  if (value !== undefined && value !== '' && role !== 'StaticText') out.push(`value=${quoted(String(value))}`);
  for (const { name, value: { value: on } } of node.properties ?? []) {
    if (name === 'checked' && on !== 'false' && on !== false) out.push(on === 'mixed' ? 'checked=mixed' : 'checked');
    else if ((name === 'selected' || name === 'disabled' || name === 'focused' || name === 'required') && on === true) out.push(name);
    else if (name === 'expanded') out.push(on ? 'expanded' : 'collapsed');
  }
  return out.map((state) => ` [${state}]`).join('');
}

/** Turns the AX tree into snapshot lines, from `root` (default: the document), giving each element a ref. */
export function axLines(tabId: number, nodes: AXNode[], root?: AXNode): SnapshotLine[] {
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const lines: SnapshotLine[] = [];
  const walk = (node: AXNode, depth: number, parentName: string) => {
    const role = String(node.role?.value ?? '');
    const name = String(node.name?.value ?? '').trim();
    let shown = !node.ignored && !(TRANSPARENT.has(role) && !name);
    if (role === 'StaticText' && (!name || parentName.includes(name))) shown = false;
    if (role === 'RootWebArea') shown = false;
    if (shown) {
      const interactive = INTERACTIVE.has(role) || (node.properties ?? []).some((p) => p.name === 'focusable' && p.value.value === true && role !== 'RootWebArea');
      const ref = role !== 'StaticText' && node.backendDOMNodeId !== undefined ? refFor(tabId, node.backendDOMNodeId) : undefined;
      const label = role === 'StaticText' ? 'text' : role;
      lines.push({ text: `${'  '.repeat(depth)}- ${label}${name ? ` ${quoted(name)}` : ''}${states(node, role)}${ref ? ` [ref=${ref}]` : ''}`, depth, interactive, ref });
    }
    for (const id of node.childIds ?? []) {
      const child = byId.get(id);
      if (child) walk(child, shown ? depth + 1 : depth, shown ? name : parentName);
    }
  };
  const start = root ?? nodes.find((node) => node.parentId === undefined) ?? nodes[0];
  if (start) walk(start, 0, '');
  return lines;
}

/** The whole page's AX tree. */
export async function fullTree(send: Send): Promise<AXNode[]> {
  const { nodes } = await send<{ nodes: AXNode[] }>('Accessibility.getFullAXTree', {});
  return nodes;
}

/** The AX node of a DOM node, for a snapshot of its subtree. */
export function axNodeOf(nodes: AXNode[], backendNodeId: number, what: string): AXNode {
  const node = nodes.find((candidate) => candidate.backendDOMNodeId === backendNodeId);
  if (!node) throw new CommandError('NOT_VISIBLE', `${what} is not rendered (hidden, or display:none), so it has no accessibility tree. Pick a visible element, or snapshot the whole page.`);
  return node;
}
