import { quotedInSnapshot } from '../../../../src/shared/actions';
import { CommandError } from '../commandError';
import type { AXNode, AXSource, LineReader, SnapshotLine } from './axTypes';
import { refFor } from './refs';

export type { AXNode, SnapshotLine } from './axTypes';

const INTERACTIVE = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'option',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'spinbutton',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'treeitem',
  'textField',
  'TextField',
]);
/** Roles that only group: shown only when named, their children move up a level. */
const TRANSPARENT = new Set([
  'generic',
  'none',
  'presentation',
  'GenericContainer',
  'Section',
  'LineBreak',
  'LabelText',
  'MenuListPopup',
  'RootWebArea',
  'WebArea',
  'LayoutTable',
  'LayoutTableRow',
  'LayoutTableCell',
]);
/** Never shown: their text is in their parent's. */
const HIDDEN = new Set(['InlineTextBox', 'RootWebArea']);
/** Text containers that say nothing when empty (an empty `<p>` or live region): no line, no ref. */
const SILENT_WHEN_EMPTY = new Set(['paragraph', 'status', 'log', 'alert', 'note', 'group', 'list', 'listitem']);
/** Inputs whose children are the browser's own parts (a date field's month, day and year): one line says it. */
const OWN_PARTS = new Set(['Date', 'DateTime', 'InputTime']);
/** Options a `<select>` line lists by label (select_option takes labels); more are counted. */
const MAX_OPTIONS = 30;

function states(node: AXNode, role: string): string {
  const out: string[] = [];
  const value = node.value?.value;
  if (value !== undefined && value !== '' && role !== 'StaticText')
    out.push(`value=${quotedInSnapshot(String(value))}`);
  for (const {
    name,
    value: { value: on },
  } of node.properties ?? []) {
    if (name === 'checked' && on !== 'false' && on !== false) out.push(on === 'mixed' ? 'checked=mixed' : 'checked');
    else if ((name === 'selected' || name === 'disabled' || name === 'focused' || name === 'required') && on === true)
      out.push(name);
    else if (name === 'expanded' && on === true) out.push('expanded');
  }
  return out.map((state) => ` [${state}]`).join('');
}

/** The text of a node whose only content is one text run (e.g. `<p role=status>Saved</p>`), shown on its own line. */
function soleText(all: AXNode[]): string | undefined {
  const children = all.filter((child) => !child.ignored);
  const only = children.length === 1 ? children[0]! : undefined;
  return only && only.role?.value === 'StaticText' ? String(only.name?.value ?? '').trim() || undefined : undefined;
}

/** A cell or group whose one child carries the same name (a cell holding a button): the child's line says it all. */
function wrapsItsName(role: string, name: string, all: AXNode[]): boolean {
  if (!name || INTERACTIVE.has(role)) return false;
  const children = all.filter((child) => !child.ignored);
  return (
    children.length === 1 &&
    children[0]!.role?.value !== 'StaticText' &&
    String(children[0]!.name?.value ?? '').trim() === name
  );
}

/** Names the children of a line show, up the chain of lines hidden between: a text run repeating one is left out. */
interface Shown {
  names: Set<string>;
  up?: Shown;
}

function alreadyShown(shown: Shown | undefined, name: string): boolean {
  for (let at = shown; at; at = at.up) if (at.names.has(name)) return true;
  return false;
}

/**
 * Turns the AX tree into snapshot lines, from `root` (default: the document's root), giving each element a
 * ref. The source hands out children (all at once, or fetched as the walk needs them); a reader may stop
 * the walk once it has what it needs, and is told what each cut-short node left unread.
 */
export async function axLines(
  tabId: number,
  source: AXSource,
  root?: AXNode,
  reader?: LineReader,
): Promise<SnapshotLine[]> {
  const lines: SnapshotLine[] = [];
  // `parent`: the name and value the enclosing line shows; `siblings`: the names its other children show.
  // `owner`: the index of the nearest line above (what an unread rest is counted under).
  const walk = async (from: AXSource, node: AXNode, depth: number, parent: string, owner: number, siblings?: Shown) => {
    const role = String(node.role?.value ?? '');
    const name = String(node.name?.value ?? '').trim();
    // A text run's children are its InlineTextBoxes, never shown.
    const leaf = role === 'StaticText' || role === 'InlineTextBox';
    const all = leaf ? (from.known(node) ?? []) : await from.children(node);
    let shown = !node.ignored && !HIDDEN.has(role) && !(TRANSPARENT.has(role) && !name);
    if (role === 'StaticText' && (!name || parent.includes(name) || alreadyShown(siblings, name))) shown = false;
    if (shown && wrapsItsName(role, name, all)) shown = false;
    if (shown && !all.length && !name && SILENT_WHEN_EMPTY.has(role) && !node.value?.value) shown = false;
    const text = shown && !name && role !== 'StaticText' ? soleText(all) : undefined;
    const options = shown && role === 'combobox' ? await selectOptions(from, all) : undefined;
    if (shown) {
      lines.push(line(tabId, from.targetId, node, role, name, text, depth, options));
      reader?.read(lines.at(-1)!);
    }
    if (text || options || leaf || (shown && OWN_PARTS.has(role)) || reader?.done) return;
    const depthBelow = shown ? depth + 1 : depth;
    const ownerBelow = shown ? lines.length - 1 : owner;
    const frame = await from.frame(node);
    if (frame) return walkRoot(frame, depthBelow, ownerBelow);
    const names = new Set<string>();
    for (const child of all) if (child.role?.value !== 'StaticText') names.add(String(child.name?.value ?? '').trim());
    const below: Shown = shown ? { names } : { names, up: siblings };
    const parentBelow = shown ? `${name}\n${String(node.value?.value ?? '')}` : parent;
    const first = lines.length;
    for (let i = 0; i < all.length; i++) {
      from.ahead?.(all, i);
      const start = lines.length;
      await walk(from, all[i]!, depthBelow, parentBelow, ownerBelow, below);
      if (reader?.done) return reader.unread(ownerBelow, all.length - i - 1, lines.slice(first, start), i);
    }
  };
  const walkRoot = async (from: AXSource, depth: number, owner: number, start?: AXNode) => {
    const first = start ?? (await from.root());
    if (first) await walk(from, first, depth, '', owner);
  };
  await walkRoot(source, 0, -1, root);
  return lines;
}

function line(
  tabId: number,
  targetId: string | undefined,
  node: AXNode,
  role: string,
  name: string,
  text: string | undefined,
  depth: number,
  options?: string,
): SnapshotLine {
  const interactive =
    INTERACTIVE.has(role) || (node.properties ?? []).some((p) => p.name === 'focusable' && p.value.value === true);
  const ref =
    role !== 'StaticText' && node.backendDOMNodeId !== undefined
      ? refFor(tabId, node.backendDOMNodeId, targetId)
      : undefined;
  const label = role === 'StaticText' ? 'text' : role;
  const content = name ? ` ${quotedInSnapshot(name)}` : text ? `: ${quotedInSnapshot(text)}` : '';
  // The ref leads: it is what the model acts with, and a line without one (a text run) reads as plain text.
  return {
    text: `${'  '.repeat(depth)}${ref ? `${ref} ` : ''}${label}${content}${states(node, role)}${options ?? ''}`,
    depth,
    interactive,
    ref,
  };
}

/**
 * A native `<select>`'s options as one list on its line (` [options: "Green tea", "Oolong"]`): select_option
 * picks them by label, so a line and a ref per option would only cost the reader. Undefined for any other
 * combobox (an ARIA one's options are elements to click, and keep their lines).
 */
async function selectOptions(from: AXSource, all: AXNode[]): Promise<string | undefined> {
  const popup = all.filter((child) => !child.ignored);
  if (popup.length !== 1 || popup[0]!.role?.value !== 'MenuListPopup') return undefined;
  const options = await optionsUnder(from, popup[0]!);
  if (!options) return undefined;
  const labels = options.slice(0, MAX_OPTIONS).map((option) => quotedInSnapshot(String(option.name?.value ?? '')));
  const more = options.length > MAX_OPTIONS ? `, …${options.length - MAX_OPTIONS} more` : '';
  return ` [options: ${labels.join(', ')}${more}]`;
}

/** The options under a node, through ignored wrappers; undefined if anything else is there (an optgroup). */
async function optionsUnder(from: AXSource, node: AXNode): Promise<AXNode[] | undefined> {
  const options: AXNode[] = [];
  for (const child of await from.children(node)) {
    if (child.role?.value === 'option' && !child.ignored) options.push(child);
    else if (!child.ignored) return undefined;
    else {
      const inner = await optionsUnder(from, child);
      if (!inner) return undefined;
      options.push(...inner);
    }
  }
  return options;
}

/** The AX node of a DOM node, for a snapshot of its subtree. */
export function axNodeOf(nodes: AXNode[], backendNodeId: number, what: string): AXNode {
  const node = nodes.find((candidate) => candidate.backendDOMNodeId === backendNodeId);
  if (!node)
    throw new CommandError(
      'NOT_VISIBLE',
      `${what} is not rendered (hidden, or display:none), so it has no accessibility tree. Pick a visible element, or snapshot the whole page.`,
    );
  return node;
}
