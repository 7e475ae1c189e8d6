import assert from 'node:assert/strict';
import type { RunTimeline } from '../../src/shared/evidence';
import { get } from '../support/http';
import { call, textOf } from '../support/mcp';
import { recordingRig } from './support/recordingRig';

describe('evidence of a fix: dialogs a replay met are events of its run', function () {
  this.timeout(120_000);
  const rig = recordingRig();
  // A replay runs in the tab at hand, which must be in scope (a new tab's about:blank is not).
  before(async () => {
    // Playwright dismisses dialogs nobody listens for (a race with the replay's accept): a listener that does
    // nothing leaves them to the extension, as in the developer's own Chrome.
    rig.page.on('dialog', () => undefined);
    await rig.page.goto(`${rig.shop.origin}/`);
  });

  it('a step that raises confirm(): the replay accepts it, and the timeline and receipt show it in that step', async () => {
    const flow = {
      title: 'Empty the cart',
      steps: [
        { type: 'navigate', url: `${rig.shop.origin}/cart.html` },
        { type: 'waitForElement', selectors: [['#empty']] },
        { type: 'click', target: 'main', selectors: [['#empty']], offsetX: 10, offsetY: 5 },
        { type: 'waitForElement', selectors: [['text/Cart emptied']] },
      ],
    };
    const imported = textOf(await call(rig.mcp, 'import_recording', { flow: JSON.stringify(flow) }));
    const id = /Imported as (rec-[0-9a-f]+)/.exec(imported)?.[1];
    assert.ok(id, imported);
    const verdict = textOf(await call(rig.mcp, 'replay_recording', { id }));
    const runId = /Run: (run-[0-9a-f]{12})/.exec(verdict)?.[1];
    assert.ok(runId, verdict);
    if (!/Steps run: 4 of 4/.test(verdict)) {
      // What the run met (its dialogs above all) says why it stopped.
      const events = (await get(rig.connector.port, `/recordings/${id}/runs/${runId}/timeline`)).json;
      assert.fail(`${verdict}\n${JSON.stringify(events)}\npage: ${await rig.page.textContent('#cart')}`);
    }
    // The page saw confirm() return true: the replay accepted it.
    assert.equal(await rig.page.textContent('#cart'), 'Cart emptied');

    const timeline = (await get(rig.connector.port, `/recordings/${id}/runs/${runId}/timeline`)).json as RunTimeline;
    const dialogs = timeline.events.filter((event) => event.kind === 'dialog');
    assert.equal(dialogs.length, 1, JSON.stringify(timeline.events));
    const dialog = dialogs[0]!;
    assert.ok(dialog.kind === 'dialog');
    assert.deepEqual(
      { type: dialog.type, message: dialog.message, answer: dialog.answer, step: dialog.step },
      { type: 'confirm', message: 'Empty the cart? <b>2 teas</b>', answer: 'accepted', step: 2 },
    );
    const chapter = timeline.chapters[2]!;
    assert.match(chapter.title, /click/);
    assert.ok(
      chapter.startMs <= dialog.atMs && dialog.atMs <= chapter.endMs,
      `${dialog.atMs} in [${chapter.startMs}, ${chapter.endMs}]`,
    );

    const receipt = await get(rig.connector.port, `/recordings/${id}/receipt?before=${runId}&after=${runId}`);
    assert.equal(receipt.status, 200, JSON.stringify(receipt.json));
    const markdown = (receipt.json as { markdown: string }).markdown;
    assert.match(
      markdown,
      /### Dialogs\n\n- before, step 3: confirm Empty the cart\\\? &lt;b&gt;2 teas&lt;\\\/b&gt; \(accepted\)/,
    );
  });
});
