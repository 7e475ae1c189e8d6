import assert from 'node:assert/strict';
import './chromeListeners';
import { lazyTree, treeSource } from '../../../browser-extension/src/background/actions/axSource';
import { axLines } from '../../../browser-extension/src/background/actions/axTree';
import type { AXNode } from '../../../browser-extension/src/background/actions/axTypes';
import type { FrameDoc } from '../../../browser-extension/src/background/actions/frameTrees';
import { budgetReader, fitSnapshot } from '../../../browser-extension/src/background/actions/snapshotBudget';

/** The 2,000-row page's shape: a heading, then a table whose rows hold a name, an origin and a Buy button. */
function rowsPage(rows: number): AXNode[] {
  const nodes: AXNode[] = [];
  let next = 1;
  const add = (role: string, name: string, parent?: AXNode, extra: Partial<AXNode> = {}): AXNode => {
    const id = next++;
    const node: AXNode = {
      nodeId: String(id),
      backendDOMNodeId: id,
      ignored: false,
      role: { value: role },
      name: { value: name },
      childIds: [],
      ...extra,
    };
    if (parent) {
      node.parentId = parent.nodeId;
      parent.childIds!.push(node.nodeId);
    }
    nodes.push(node);
    return node;
  };
  const text = (parent: AXNode, name: string) => add('StaticText', name, parent);
  const root = add('RootWebArea', 'Teas');
  text(add('heading', 'All teas', root), 'All teas');
  const body = add('rowgroup', '', add('table', '', root));
  for (let i = 1; i <= rows; i++) {
    const row = add('row', '', body);
    text(add('cell', `Tea ${i}`, row), `Tea ${i}`);
    text(add('cell', 'China', row), 'China');
    const buy = add('button', `Buy ${i}`, add('cell', `Buy ${i}`, row), {
      properties: [{ name: 'focusable', value: { value: true } }],
    });
    text(buy, `Buy ${i}`);
  }
  return nodes;
}

/** A small tree: a root with a heading, then one more node of `role` (an <iframe>, backend id `owner`). */
function docWith(first: number, title: string, role: string, name: string, owner: number): AXNode[] {
  const node = (id: number, nodeRole: string, nodeName: string, extra: Partial<AXNode> = {}): AXNode => ({
    nodeId: String(id),
    backendDOMNodeId: id,
    ignored: false,
    role: { value: nodeRole },
    name: { value: nodeName },
    childIds: [],
    ...extra,
  });
  return [
    node(first, 'RootWebArea', title, { childIds: [String(first + 1), String(owner)] }),
    node(first + 1, 'heading', title, { parentId: String(first) }),
    node(owner, role, name, { parentId: String(first) }),
  ];
}

/** The Accessibility domain over a tree in memory, counting what the walk asks for. */
function fakeDomain(
  nodes: AXNode[],
  frames: { frameId: string; owner: number; nodes: AXNode[] }[] = [],
  /** Answers `DOM.describeNode` slowly, with a list's items from its end (not those the walk asks for ahead). */
  domItems = false,
) {
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const asked = { children: 0, subtrees: 0, nodesSent: 0, enabled: false, late: 0 };
  const below = (node: AXNode): AXNode[] => [node, ...(node.childIds ?? []).flatMap((id) => below(byId.get(id)!))];
  const send = async (method: string, params: Record<string, unknown> = {}): Promise<never> => {
    const reply = (list: AXNode[]) => ((asked.nodesSent += list.length), { nodes: structuredClone(list) });
    await new Promise((resolve) => setImmediate(resolve));
    if (method !== 'Accessibility.enable' && !asked.enabled) {
      asked.late++;
      throw new Error('Accessibility has not been enabled.');
    }
    switch (method) {
      case 'Accessibility.enable':
      case 'Accessibility.disable':
        asked.enabled = method === 'Accessibility.enable';
        return {} as never;
      case 'Accessibility.getRootAXNode':
        return { node: structuredClone(nodes[0]) } as never;
      case 'Accessibility.getChildAXNodes':
        asked.children++;
        return reply(byId.get(String(params.id))!.childIds!.map((id) => byId.get(id)!)) as never;
      case 'Accessibility.queryAXTree':
        asked.subtrees++;
        return reply(below(byId.get(String(params.backendNodeId))!)) as never;
      case 'DOM.describeNode': {
        if (!domItems) throw new Error(`unexpected ${method}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const node = nodes.find((candidate) => candidate.backendDOMNodeId === params.backendNodeId)!;
        const children = node
          .childIds!.map((id) => ({ nodeType: 1, backendNodeId: byId.get(id)!.backendDOMNodeId }))
          .reverse();
        return { node: { nodeType: 1, backendNodeId: params.backendNodeId, children } } as never;
      }
      case 'Page.getFrameTree': {
        // Nested frames as Chrome lists them: the main frame holds the first, which holds the next.
        type Tree = { frame: { id: string }; childFrames?: Tree[] };
        const nest = (ids: string[]): Tree[] =>
          ids.length ? [{ frame: { id: ids[0]! }, childFrames: nest(ids.slice(1)) }] : [];
        return {
          frameTree: { frame: { id: 'main' }, childFrames: nest(frames.map(({ frameId }) => frameId)) },
        } as never;
      }
      case 'DOM.getFrameOwner':
        return { backendNodeId: frames.find(({ frameId }) => frameId === params.frameId)!.owner } as never;
      case 'Accessibility.getFullAXTree':
        return reply(frames.find(({ frameId }) => frameId === params.frameId)!.nodes) as never;
      default:
        throw new Error(`unexpected ${method}`);
    }
  };
  return { send, asked };
}

describe('snapshot walk: reading the tree only as far as the answer shows it', () => {
  it('gives the same lines fetched as it goes as from the whole tree', async () => {
    const nodes = rowsPage(40);
    const whole = await axLines(1, treeSource(nodes));
    const { send, asked } = fakeDomain(nodes);
    const lazy = await axLines(1, lazyTree(send));
    assert.deepEqual(lazy, whole);
    assert.equal(whole.length, 3 + 40 * 4, 'heading, table, rowgroup, and per row: row, 2 cells, button');
    assert.ok(asked.subtrees >= 40, 'rows of the long list came whole, one call each');
  });

  it('stops at the budget on a 2,000-row page, shows what the whole tree would, and estimates the rest', async () => {
    const nodes = rowsPage(2000);
    const whole = await axLines(2, treeSource(nodes));
    const expected = fitSnapshot(whole, 5000).text.split('\n');
    const { send, asked } = fakeDomain(nodes);
    const reader = budgetReader(5000, () => false);
    const tree = lazyTree(send);
    const lines = await axLines(2, tree, undefined, reader);
    await tree.close();
    assert.equal(reader.done, true);
    // What the 5,000 characters show (about 1,000 of the 8,000 lines) and the read-ahead: not the whole tree.
    assert.ok(asked.nodesSent < nodes.length / 4, `${asked.nodesSent} of ${nodes.length} nodes read`);
    const fitted = fitSnapshot(lines, 5000, reader.rest);
    const shown = fitted.text.split('\n');
    assert.deepEqual(shown.slice(0, -1), expected.slice(0, -1), 'the same start and the same interactive lines');
    assert.ok(fitted.text.length <= 5000, `${fitted.text.length} characters`);
    assert.equal(lines.length + reader.rest.lines, whole.length, 'alike rows: the estimate is the true count');
    assert.match(
      shown.at(-1)!,
      new RegExp(
        `^\\[Snapshot cut to about 5000 characters: ${fitted.shownLines} of about ${whole.length} lines shown .* Large parts: ref e\\d+ \\(table, about ${whole.length - 2} lines\\)`,
      ),
    );
  });

  it('shows an iframe inside an iframe as the whole tree does', async () => {
    const nodes = docWith(1, 'Outer', 'Iframe', 'First', 500);
    const first = docWith(10, 'Inner', 'Iframe', 'Second', 600);
    const second = docWith(20, 'Deepest', 'button', 'Deep', 22);
    // Same-process frames share one map, as frameTrees gives them.
    const frames = new Map<number, FrameDoc>();
    frames.set(500, { nodes: first, frames }).set(600, { nodes: second, frames });
    const whole = await axLines(5, treeSource(nodes, frames));
    assert.ok(whole.some((line) => line.text.includes('button "Deep"')));
    const { send } = fakeDomain(nodes, [
      { frameId: 'f1', owner: 500, nodes: first },
      { frameId: 'f2', owner: 600, nodes: second },
    ]);
    const tree = lazyTree(send);
    assert.deepEqual(await axLines(5, tree).finally(() => tree.close()), whole);
  });

  it("turns the domain off only after every call the walk started, a list's DOM items included", async () => {
    const { send, asked } = fakeDomain(rowsPage(300), [], true);
    const tree = lazyTree(send);
    await axLines(
      6,
      tree,
      undefined,
      budgetReader(600, () => false),
    );
    await tree.close();
    assert.equal(asked.enabled, false);
    // Whatever was still under way has had time to go out.
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(asked.late, 0, 'no call after Accessibility.disable');
  });

  it('reads a page that fits the budget whole, and does not stop', async () => {
    const { send } = fakeDomain(rowsPage(5));
    const reader = budgetReader(20_000, () => false);
    const lines = await axLines(3, lazyTree(send), undefined, reader);
    assert.equal(reader.done, false);
    assert.equal(fitSnapshot(lines, 20_000).omitted, 0);
  });

  it('keeps the domain on while another snapshot of the tab still walks, and turns it off after the last', async () => {
    const nodes = rowsPage(300);
    const whole = await axLines(4, treeSource(nodes));
    const { send, asked } = fakeDomain(nodes);
    const short = lazyTree(send);
    const long = lazyTree(send);
    const [, lines] = await Promise.all([
      axLines(
        4,
        short,
        undefined,
        budgetReader(1000, () => false),
      ).finally(() => short.close()),
      axLines(4, long).finally(() => long.close()),
    ]);
    assert.deepEqual(lines, whole, 'the walk that went on read every row');
    assert.equal(asked.enabled, false);
  });
});
