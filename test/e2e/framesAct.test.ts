import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { tabCommand } from '../../src/connector/actions/tabCommand';
import { actRig, refIn } from './support/actRig';
import { until, workerState } from './support/chromium';
import type { FramesActServer } from './support/framesActServer';
import { openFramesActPage, seenIn } from './support/framesActPage';

describe('many documents: frames, shadow roots and workers, snapshotted and driven by refs (#33)', function () {
  this.timeout(120_000);
  const rig = actRig();
  let site: FramesActServer;
  let page: Page;
  let cross: Frame;
  let nested: Frame;
  let snapshot: string;

  before(async () => {
    ({ site, page, cross, nested, snapshot } = await openFramesActPage(rig));
  });
  after(() => site?.close());

  it('runs the cross-origin frame in its own process (an out-of-process iframe, its own target)', async () => {
    const cdp = await page.context().newCDPSession(page);
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
    await cdp.detach();
    assert.ok(
      targetInfos.some((info) => info.type === 'iframe' && info.url.startsWith(site.crossOrigin)),
      JSON.stringify(targetInfos),
    );
  });

  it('lists the elements of the cross-origin and same-origin frames and of open and closed shadow roots', () => {
    for (const name of [
      'Cross button',
      'Cross load',
      'Same button',
      'Open shadow button',
      'Closed shadow button',
      'Top button',
      'Nested button',
    ])
      assert.match(snapshot, new RegExp(`\\be\\d+ button "${name}"`), name);
    assert.match(snapshot, /\be\d+ textbox "Cross field"/);
    assert.match(snapshot, /\be\d+ textbox "closed shadow field"/);
  });

  it('clicks a button inside the cross-origin frame with trusted input', async () => {
    const answer = await rig.tool('click', { ref: refIn(snapshot, /button "Cross button"/) });
    assert.equal(answer.isError, false, answer.text);
    assert.deepEqual(await seenIn(cross), [{ kind: 'cross', trusted: true }]);
    assert.equal(await cross.textContent('#cross-clicks'), 'clicks: 1');
    assert.deepEqual(await seenIn(page), [], 'the top page saw no click');
  });

  it('fills a field inside the cross-origin frame with trusted input', async () => {
    const answer = await rig.tool('fill', { ref: refIn(snapshot, /textbox "Cross field"/), value: 'Ada' });
    assert.equal(answer.isError, false, answer.text);
    assert.equal(await cross.inputValue('#cross-field'), 'Ada');
    const inputs = (await seenIn(cross)).filter((event) => event.kind === 'cross-input');
    assert.ok(inputs.length > 0 && inputs.every((event) => event.trusted), JSON.stringify(inputs));
  });

  it('types keys into the cross-origin frame, and clicks in a cross-site frame nested inside it', async () => {
    const field = refIn(snapshot, /textbox "Cross field"/);
    const typed = await rig.tool('type_text', { ref: field, text: ' L.' });
    assert.equal(typed.isError, false, typed.text);
    const key = await rig.tool('press_key', { ref: field, key: 'Backspace' });
    assert.equal(key.isError, false, key.text);
    assert.equal(await cross.inputValue('#cross-field'), 'Ada L');
    const click = await rig.tool('click', { ref: refIn(snapshot, /button "Nested button"/) });
    assert.equal(click.isError, false, click.text);
    assert.deepEqual(await seenIn(nested), [{ kind: 'nested', trusted: true }]);
  });

  it('clicks in the same-origin frame and in the open and closed shadow roots, trusted', async () => {
    for (const name of ['Same button', 'Open shadow button', 'Closed shadow button']) {
      const answer = await rig.tool('click', { ref: refIn(snapshot, new RegExp(`button "${name}"`)) });
      assert.equal(answer.isError, false, answer.text);
    }
    assert.deepEqual(await seenIn(page), [
      { kind: 'same', trusted: true },
      { kind: 'open-shadow', trusted: true },
      { kind: 'closed-shadow', trusted: true },
    ]);
    const answer = await rig.tool('fill', { ref: refIn(snapshot, /textbox "closed shadow field"/), value: 'x' });
    assert.equal(answer.isError, false, answer.text);
    assert.deepEqual((await seenIn(page)).at(-1), { kind: 'closed-shadow-input', trusted: true });
  });

  it("keeps a cross-origin frame's refs across the debugger's idle detach and a new attach", async () => {
    // The action session lets go after 10 s without an action; child sessions get new ids when it comes back.
    await until(async () => (await workerState(rig.browser.worker)).debugger.attached === 0, 30_000, 'the idle detach');
    const answer = await rig.tool('click', { ref: refIn(snapshot, /button "Cross button"/) });
    assert.equal(answer.isError, false, answer.text);
    assert.equal(await cross.textContent('#cross-clicks'), 'clicks: 2');
  });

  describe('inspect, highlight, drag, upload and part snapshots inside the cross-origin frame', () => {
    /** Where the frame's button is in the tab's viewport: the frame's content box plus its place in the frame. */
    async function buttonInTab() {
      const frameAt = await page.evaluate(() => {
        const frame = document.getElementById('cross')!;
        const rect = frame.getBoundingClientRect();
        return { x: rect.x + frame.clientLeft, y: rect.y + frame.clientTop };
      });
      const button = await cross.evaluate(() =>
        document.getElementById('cross-button')!.getBoundingClientRect().toJSON(),
      );
      return { ...button, x: frameAt.x + button.x, y: frameAt.y + button.y } as {
        x: number;
        y: number;
        width: number;
        height: number;
      };
    }

    it('inspects a ref there: cascade from its own sheet, box in the tab, role and name', async () => {
      const answer = await rig.tool('inspect_element', { ref: refIn(snapshot, /button "Cross button"/) });
      assert.equal(answer.isError, false, answer.text);
      assert.match(
        answer.text,
        /<button> role button "Cross button"; selector: #cross-button/,
        answer.text.slice(0, 600),
      );
      assert.match(answer.text, /\nVisible\.\n/, answer.text.slice(0, 1200));
      assert.match(answer.text, /Matched rules/, answer.text.slice(0, 1200));
      // The rule from the frame's own <style>, with its file and line there.
      assert.match(
        answer.text,
        /#cross-button — http:\/\/localhost:\d+\/cross\.html:\d+\n {2}✓ color: rgb\(0, 90, 0\)/,
      );
      // The box is where the button sits in the tab: the frame's place in the page plus its place in the frame.
      const inFrame = await buttonInTab();
      const box = /Box: ([\d.]+)×([\d.]+) at \(([\d.-]+), ([\d.-]+)\)/.exec(answer.text);
      assert.ok(box, answer.text.slice(0, 1200));
      assert.ok(
        Math.abs(Number(box[3]) - inFrame.x) < 1 && Math.abs(Number(box[4]) - inFrame.y) < 1,
        `${box[0]} ${JSON.stringify(inFrame)}`,
      );
    });

    it('inspects the element at a point of the tab over the frame (as visual changes name regions)', async () => {
      const { x, y, width, height } = await buttonInTab();
      const at = { x: x + width / 2, y: y + height / 2 };
      const reply = await tabCommand(rig.connector.connector.services, 'inspect', { at });
      assert.deepEqual([reply.tag, reply.selector, reply.name], ['button', '#cross-button', 'Cross button']);
      assert.ok(
        reply.rules.some((rule) => rule.selector === '#cross-button'),
        JSON.stringify(reply.rules),
      );
    });

    it('highlights a ref there, in the frame itself, and the next action clears it', async () => {
      const answer = await rig.tool('highlight_element', {
        ref: refIn(snapshot, /button "Cross button"/),
        label: 'this',
      });
      assert.equal(answer.isError, false, answer.text);
      const outline = () => cross.locator('#__browser_debug_highlight__').count();
      assert.equal(await outline(), 1);
      assert.equal(await page.locator('#__browser_debug_highlight__').count(), 0, 'not drawn in the top page');
      const click = await rig.tool('click', { ref: refIn(snapshot, /button "Top button"/) });
      assert.equal(click.isError, false, click.text);
      assert.equal(await outline(), 0, 'the action cleared it');
    });

    it('drags and drops between elements of the frame with real input', async () => {
      await cross.evaluate(() => ((window as unknown as { dragLog: string[] }).dragLog.length = 0));
      const answer = await rig.tool('drag', {
        fromRef: refIn(snapshot, /"Cross card"/),
        toRef: refIn(snapshot, /region "Cross basket"/),
      });
      assert.equal(answer.isError, false, answer.text);
      await until(
        async () => (await cross.textContent('#cross-drop')) === 'dropped cross card',
        5000,
        'the drop',
      ).catch(async (error: Error) => {
        const saw = await cross.evaluate(() => (window as unknown as { dragLog: string[] }).dragLog);
        throw new Error(`${error.message}; the frame saw ${saw.join(', ')}`);
      });
      assert.deepEqual(
        (await seenIn(cross)).filter((seen) => seen.kind === 'cross-drop'),
        [{ kind: 'cross-drop', trusted: true }],
      );
    });

    it('snapshots only the part under a ref there (take_snapshot selector), with the same refs', async () => {
      const frameRef = refIn(snapshot, /Iframe "Nested frame"/);
      const part = await rig.tool('take_snapshot', { selector: frameRef });
      assert.equal(part.isError, false, part.text);
      assert.match(part.text, new RegExp(`\\b${frameRef} Iframe "Nested frame"`), part.text);
      assert.equal(refIn(part.text, /button "Nested button"/), refIn(snapshot, /button "Nested button"/));
      assert.doesNotMatch(part.text, /Cross button|Top button/);
    });

    it('sets a file on a file input there; the frame reads it', async () => {
      const files = mkdtempSync(join(tmpdir(), 'bd-frame-upload-'));
      try {
        rig.connector.connector.config.filesRoots.push(files);
        writeFileSync(join(files, 'receipt.txt'), 'one pot of oolong');
        const answer = await rig.tool('upload_file', {
          ref: refIn(snapshot, /"Cross receipt"/),
          paths: [join(files, 'receipt.txt')],
        });
        assert.equal(answer.isError, false, answer.text);
        await until(
          async () => (await cross.textContent('#cross-file-state')) === 'receipt.txt: one pot of oolong',
          5000,
          'the frame read the file',
        );
      } finally {
        rmSync(files, { recursive: true, force: true });
      }
    });
  });

  describe('execute_javascript in a frame', () => {
    it('runs in the cross-origin frame named by its ref, and says which frame ran it', async () => {
      const ref = refIn(snapshot, /Iframe "Cross-origin frame"/);
      const answer = await rig.tool('execute_javascript', { code: 'document.title + " " + location.host', frame: ref });
      assert.equal(answer.isError, false, answer.text);
      assert.match(
        answer.text,
        new RegExp(`Ran in the frame at:\n--- page content \\w+ [^\n]+\n${site.crossOrigin}/cross.html\n`),
      );
      assert.match(answer.text, new RegExp(`"Cross-origin frame localhost:${site.port}"`));
    });

    it('runs in the same-origin frame named by part of its URL, in its page world', async () => {
      await page
        .frames()
        .find((frame) => frame.url().endsWith('/same.html'))!
        .evaluate(() => {
          (window as unknown as { marker: string }).marker = 'same world';
        });
      const answer = await rig.tool('execute_javascript', { code: 'window.marker', frame: 'same.html' });
      assert.equal(answer.isError, false, answer.text);
      assert.match(answer.text, /Ran in the frame at:\n[^\n]+\nhttp:\/\/127\.0\.0\.1:\d+\/same\.html\n/);
      assert.match(answer.text, /"same world"/);
    });

    it('runs in the service worker named by its script URL', async () => {
      const answer = await rig.tool('execute_javascript', { code: 'typeof self.registration.scope', frame: 'sw.js' });
      assert.equal(answer.isError, false, answer.text);
      assert.match(answer.text, /Ran in the service worker at:\n[^\n]+\nhttp:\/\/127\.0\.0\.1:\d+\/sw\.js\n/);
      assert.match(answer.text, /"string"/);
    });

    it('runs in a Web Worker named by its script URL', async () => {
      const answer = await rig.tool('execute_javascript', { code: 'self.answer', frame: 'idle-worker.js' });
      assert.equal(answer.isError, false, answer.text);
      assert.match(answer.text, /Ran in the worker at:\n[^\n]+\nhttp:\/\/127\.0\.0\.1:\d+\/idle-worker\.js\n/);
      assert.match(answer.text, /Result \(number\):\n[^\n]+\n42\n/);
    });

    it('refuses a frame that matches nothing, listing the frames it could use, and runs nothing', async () => {
      const answer = await rig.tool('execute_javascript', { code: 'window.ran = true', frame: 'no-such-frame' });
      assert.equal(answer.isError, true, answer.text);
      assert.match(answer.text, /No frame or worker of the tab matches 'no-such-frame', so nothing ran/);
      assert.match(answer.text, /--- page content \w+ [^\n]+\n(.+\n)*frame: http:\/\/localhost:\d+\/cross\.html\n/);
      assert.match(answer.text, /service_worker: http:\/\/127\.0\.0\.1:\d+\/sw\.js/);
      assert.equal(await page.evaluate(() => (window as unknown as { ran?: boolean }).ran), undefined);
      const notFrame = await rig.tool('execute_javascript', {
        code: '1',
        frame: refIn(snapshot, /button "Top button"/),
      });
      assert.equal(notFrame.isError, true, notFrame.text);
      assert.match(notFrame.text, /is a <button>, not an iframe/);
      const blank = await rig.tool('execute_javascript', { code: '1', frame: '  ' });
      assert.equal(blank.isError, true, blank.text);
      assert.match(blank.text, /Give `frame` as the ref of an Iframe line/);
    });
  });
});
