import assert from 'node:assert/strict';
import './chromeListeners';
import { treeSource } from '../../../browser-extension/src/background/actions/axSource';
import { axLines } from '../../../browser-extension/src/background/actions/axTree';
import type { AXNode } from '../../../browser-extension/src/background/actions/axTypes';

/** Builds an AX tree the way Chrome reports one: `[role, name, children]`, a `null` name for an ignored node. */
type Spec = [role: string, name: string | null, children?: Spec[], value?: string];

function tree(root: Spec): AXNode[] {
  const nodes: AXNode[] = [];
  let next = 1;
  const add = ([role, name, children = [], value]: Spec, parent?: AXNode): AXNode => {
    const id = next++;
    const node: AXNode = {
      nodeId: String(id),
      backendDOMNodeId: id,
      ignored: name === null,
      role: { value: name === null ? 'none' : role },
      name: { value: name ?? undefined },
      ...(value === undefined ? {} : { value: { value } }),
      parentId: parent?.nodeId,
      childIds: [],
    };
    nodes.push(node);
    node.childIds = children.map((child) => add(child, node).nodeId);
    return node;
  };
  add(root);
  return nodes;
}

let tabId = 700;

/** The lines of a snapshot in a tab of its own (refs are per tab, from e1). */
async function snapshot(root: Spec): Promise<string[]> {
  return (await axLines(++tabId, treeSource(tree(root)))).map((line) => line.text);
}

describe('snapshot lines: what each line says, and what says nothing', () => {
  it('leads each line with its ref, indents children, and leaves a text run without a ref', async () => {
    const lines = await snapshot([
      'RootWebArea',
      'Shop',
      [
        ['heading', 'Tea shop'],
        [
          'form',
          'Sign in',
          [
            ['textbox', 'Email'],
            ['button', 'Sign in'],
          ],
        ],
        ['StaticText', 'Free delivery'],
      ],
    ]);
    assert.deepEqual(lines, [
      'e1 heading "Tea shop"',
      'e2 form "Sign in"',
      '  e3 textbox "Email"',
      '  e4 button "Sign in"',
      'text "Free delivery"',
    ]);
  });

  it("lists a native <select>'s options on its line, and keeps an ARIA combobox's options as lines", async () => {
    const lines = await snapshot([
      'RootWebArea',
      '',
      [
        // Chrome's shape for <select>: combobox › MenuListPopup › an ignored wrapper › options.
        [
          'combobox',
          'Tea',
          [
            [
              'MenuListPopup',
              '',
              [
                [
                  'none',
                  null,
                  [
                    ['option', 'Pick a tea'],
                    ['option', 'Oolong'],
                  ],
                ],
              ],
            ],
          ],
          'Pick a tea',
        ],
        ['combobox', 'City', [['listbox', 'Cities', [['option', 'Oslo']]]]],
      ],
    ]);
    assert.deepEqual(lines, [
      'e1 combobox "Tea" [value="Pick a tea"] [options: "Pick a tea", "Oolong"]',
      'e2 combobox "City"',
      '  e3 listbox "Cities"',
      '    e4 option "Oslo"',
    ]);
  });

  it("shows a date field as one line (not the browser's month, day and year parts) and leaves out empty text containers", async () => {
    const lines = await snapshot([
      'RootWebArea',
      '',
      [
        [
          'Date',
          'Delivery',
          [
            [
              'none',
              null,
              [
                ['spinbutton', 'Month Month'],
                ['button', 'Show date picker'],
              ],
            ],
          ],
        ],
        ['paragraph', ''],
        ['status', ''],
        ['status', '', [['StaticText', 'Saved']]],
        ['img', ''],
      ],
    ]);
    assert.deepEqual(lines, ['e1 Date "Delivery"', 'e2 status: "Saved"', 'e3 img']);
  });
});
