import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config, utils } from '@memlab/core';
import { readNodeIds, readSnapshot } from '../../../../src/connector/leaks/snapshotFile';

describe('leak check: heap snapshot files read whole into MemLab', () => {
  let dir = '';
  let file = '';
  before(function () {
    this.timeout(60_000);
    config.muteConsole = true;
    dir = mkdtempSync(join(tmpdir(), 'bd-snapshot-'));
    file = join(dir, 'node.heapsnapshot');
    // A real V8 heap snapshot, with a class and a closure to find, from a small Node process.
    const script = `class Kept { constructor(i) { this.i = i; } } globalThis.kept = Array.from({ length: 50 }, (_, i) => new Kept(i));
      globalThis.onTick = () => globalThis.kept; require('v8').writeHeapSnapshot(${JSON.stringify(file)});`;
    execFileSync(process.execPath, ['-e', script], {
      env: { ...process.env, XDG_STATE_HOME: process.env.XDG_STATE_HOME },
    });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the same node ids as MemLab's own reader", async () => {
    const ours = await readNodeIds(file);
    const memlabs = await utils.getSnapshotNodeIdsFromFile(file, {});
    assert.equal(ours.size, memlabs.size);
    for (const id of memlabs) assert.ok(ours.has(id), `id ${id} missing`);
  });

  it("builds the same graph as MemLab's own parser: nodes, edges, names, sizes", async function () {
    this.timeout(30_000);
    const ours = await readSnapshot(file);
    const memlabs = await utils.getSnapshotFromFile(file, {});
    assert.equal(ours.nodes.length, memlabs.nodes.length);
    assert.equal(ours.edges.length, memlabs.edges.length);
    for (let index = 0; index < memlabs.nodes.length; index += 97) {
      const [a, b] = [ours.nodes.get(index)!, memlabs.nodes.get(index)!];
      assert.deepEqual(
        [a.id, a.type, a.name, a.self_size, a.edge_count],
        [b.id, b.type, b.name, b.self_size, b.edge_count],
      );
    }
    let kept = 0;
    ours.nodes.forEach((node) => void (node.name === 'Kept' && node.type === 'object' && kept++));
    assert.equal(kept, 50);
    assert.ok(ours.getAnyObjectWithClassName('Kept'));
  });

  it('names a file that is not a heap snapshot', async () => {
    const bad = join(dir, 'bad.heapsnapshot');
    writeFileSync(bad, '{"nodes":[1,2,3]}');
    await assert.rejects(readNodeIds(bad), /bad\.heapsnapshot is not a V8 heap snapshot/);
  });
});
