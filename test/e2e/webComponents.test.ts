import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { actRig, refIn } from './support/actRig';
import { startFramesAct, type FramesActServer } from './support/framesActServer';

type Seen = { kind: string; trusted?: boolean; value?: string }[];

const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);
const dialogOpen = (page: Page) =>
  page.evaluate(() => (document.getElementById('dialog') as HTMLElement & { open: boolean }).open);

describe('a real web-component library (Shoelace from the npm registry) driven by refs (#33)', function () {
  this.timeout(120_000);
  const rig = actRig();
  let site: FramesActServer;
  let page: Page;

  before(async () => {
    site = await startFramesAct();
    page = await rig.open(`${site.origin}/shoelace.html`);
    await page.evaluate(() => (window as unknown as { componentsReady: Promise<unknown> }).componentsReady);
  });
  after(() => site?.close());

  async function snapshot(): Promise<string> {
    const answer = await rig.tool('take_snapshot');
    assert.equal(answer.isError, false, answer.text);
    return answer.text;
  }

  it("opens sl-dialog with a trusted click on sl-button's ref", async () => {
    const text = await snapshot();
    assert.doesNotMatch(text, /textbox "Display name"/, 'the closed dialog is not in the tree');
    const answer = await rig.tool('click', { ref: refIn(text, /button "Edit profile"/) });
    assert.equal(answer.isError, false, answer.text);
    assert.deepEqual(await seen(page), [{ kind: 'open', trusted: true }]);
    assert.equal(await dialogOpen(page), true);
  });

  it('fills sl-input inside the dialog, and saves with sl-button, all through its shadow roots', async () => {
    const text = await snapshot();
    assert.match(text, /\be\d+ dialog "Edit profile"/);
    const fill = await rig.tool('fill', { ref: refIn(text, /textbox "Display name"/), value: 'Ada' });
    assert.equal(fill.isError, false, fill.text);
    assert.equal(await page.evaluate(() => (document.getElementById('name') as HTMLInputElement).value), 'Ada');
    const events = await seen(page);
    assert.ok(
      events.some((event) => event.kind === 'input' && event.trusted === true),
      JSON.stringify(events),
    );
    assert.deepEqual(
      events.filter((event) => event.kind === 'sl-input').at(-1),
      { kind: 'sl-input', value: 'Ada' },
      "Shoelace's own event saw the value",
    );
    const save = await rig.tool('click', { ref: refIn(text, /button "Save"/) });
    assert.equal(save.isError, false, save.text);
    assert.equal(await page.textContent('#saved'), 'saved: Ada');
    assert.deepEqual((await seen(page)).at(-1), { kind: 'save', trusted: true });
    await page.waitForFunction(() => !(document.getElementById('dialog') as HTMLElement & { open: boolean }).open);
  });
});
