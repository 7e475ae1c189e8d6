import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@puppeteer/replay';
import { startTestConnector } from '../support/connector';
import { get, post, request } from '../support/http';
import { call, textOf } from '../support/mcp';
import { connectExtension, until } from './support/chromium';
import { PASSWORD, recordingRig } from './support/recordingRig';

describe('recordings: record in the browser, replay with a verdict', function () {
  this.timeout(120_000);
  const rig = recordingRig();
  let recordingId = '';

  /** The order's error and its failed request both reached the connector (the request is reported when it completes). */
  const errorsSeen = () =>
    Math.min(
      rig.connector.connector.services.store.query(
        ['consoleErrors'],
        (entry) => entry.message.includes('Order failed'),
        10,
      ).matched,
      rig.connector.connector.services.store.query(['networkErrors'], (entry) => entry.url.endsWith('/api/order'), 10)
        .matched,
    );

  it("records the developer's input as Recorder steps, with a badge in the page, and keeps the password out", async () => {
    await rig.page.goto(`${rig.shop.origin}/`);
    const started = await post(rig.connector.port, '/recordings', { title: 'quantity 0 breaks the cart' });
    assert.equal(started.status, 200, JSON.stringify(started.json));
    recordingId = started.json.id;
    assert.match(recordingId, /^rec-[0-9a-f]+$/);
    await until(
      () => rig.page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))),
      10_000,
      'the Recording badge',
    );

    await rig.page.fill('#user', 'alice');
    await rig.page.fill('#password', PASSWORD);
    await rig.page.click('button:has-text("Sign in")');
    await rig.page.waitForSelector('#qty');
    // Real input only (the recorder ignores the untrusted change selectOption dispatches): "g" picks Green.
    await rig.page.focus('#tea');
    await rig.page.keyboard.type('g');
    await rig.page.fill('#qty', '0');
    await rig.page.dblclick('#note');
    await rig.page.hover('#list');
    await rig.page.mouse.wheel(0, 90);
    await until(
      () => rig.page.evaluate(() => document.getElementById('list')!.scrollTop > 0),
      5000,
      'the list scrolled',
    );
    await rig.page.click('#qty');
    await rig.page.keyboard.press('Enter');
    await until(() => errorsSeen() > 0, 10_000, 'the order error reached the connector');

    const stopped = await post(rig.connector.port, `/recordings/${recordingId}/stop`, {});
    assert.equal(stopped.status, 200, JSON.stringify(stopped.json));
    assert.equal(
      await rig.page.evaluate(() => document.getElementById('__browser-debug-recording-badge')),
      null,
      'the badge goes away',
    );

    const flow = parse(stopped.json.flow);
    const types: string[] = flow.steps.map((step) => step.type);
    assert.deepEqual(types.slice(0, 2), ['setViewport', 'navigate']);
    for (const type of ['change', 'click', 'waitForElement', 'doubleClick', 'scroll', 'keyDown', 'keyUp'])
      assert.ok(types.includes(type), `a ${type} step in ${types.join(', ')}`);
    const steps = flow.steps as unknown as Record<string, any>[];
    const password = steps.find(
      (step) => step.type === 'change' && JSON.stringify(step.selectors).includes('password'),
    );
    assert.equal(password?.value, '{{secret:password}}');
    const quantity = steps.find((step) => step.type === 'change' && JSON.stringify(step.selectors).includes('qty'));
    assert.equal(quantity?.value, '0', 'change records the final value');
    assert.equal(
      steps.filter((step) => step.type === 'change' && JSON.stringify(step.selectors).includes('user')).length,
      1,
      'one change per field, not one per key',
    );
    const signIn = steps.find((step) => step.type === 'click');
    assert.equal(signIn?.selectors[0][0], 'aria/Sign in', 'aria selector first');
    assert.equal(typeof signIn?.offsetX, 'number');
    const wait = steps.findIndex((step) => step.type === 'waitForElement');
    assert.ok(wait > types.indexOf('click'), 'the wait for the late order form follows the sign-in click');
    const enter = steps.find((step) => step.type === 'keyDown');
    assert.equal(enter?.key, 'Enter');
    const timeline = stopped.json.timeline as { kind: string; text: string; step: number }[];
    assert.ok(
      timeline.some((entry) => entry.kind === 'error' && entry.text.includes('Order failed with status 500')),
      JSON.stringify(timeline),
    );
    assert.ok(
      timeline.some(
        (entry) => entry.kind === 'request' && entry.text.includes('/api/order') && entry.text.includes('500'),
      ),
    );
    assert.ok(
      timeline.find((entry) => entry.kind === 'error')!.step >= types.lastIndexOf('keyDown'),
      'the error follows the Enter step',
    );
  });

  it('keeps the recording as a JSON file and in every answer without the password', async () => {
    const files = readdirSync(rig.recordingsDir);
    assert.deepEqual(files, [`${recordingId}.json`]);
    const file = readFileSync(join(rig.recordingsDir, files[0]!), 'utf8');
    const listed = await get(rig.connector.port, '/recordings');
    const detail = await get(rig.connector.port, `/api/v1/recordings/${recordingId}`);
    assert.equal(detail.json.status, 'success');
    assert.deepEqual(
      Object.keys(detail.json.data)
        .filter((key) => ['id', 'title', 'startedAt', 'stoppedAt', 'flow', 'timeline'].includes(key))
        .sort(),
      ['flow', 'id', 'startedAt', 'stoppedAt', 'timeline', 'title'],
    );
    const answer = textOf(await call(rig.mcp, 'get_recording', { id: recordingId }));
    assert.match(answer, /key(Down|Up) Enter\n(\s+✗ .*\n)*\s+✗ error: .*Order failed/);
    const list = textOf(await call(rig.mcp, 'list_recordings'));
    assert.match(list, new RegExp(recordingId));
    for (const [where, text] of Object.entries({
      file,
      list: listed.text,
      detail: detail.text,
      answer,
      ws: JSON.stringify(rig.live.frames),
    })) {
      assert.ok(!text.includes(PASSWORD), `the password is not in the ${where}`);
    }
    assert.ok(file.includes('{{secret:password}}'));
  });

  it('replays with the bug present: reproduced, with progress per step', async () => {
    const progress: string[] = [];
    const result = await rig.mcp.callTool({ name: 'replay_recording', arguments: { id: recordingId } }, undefined, {
      onprogress: (update) => void progress.push(String(update.message)),
      timeout: 90_000,
    });
    const text = textOf(result as never);
    assert.ok(!result.isError, text);
    assert.match(text, /^Verdict: REPRODUCED/);
    assert.match(
      text,
      /Recurring \(happened again\) \(2\):\n( {2}- after step \d+: .*\n)* {2}- after step \d+: .*Order failed with status 500/,
    );
    assert.ok(progress.length >= 10 && progress[0]!.startsWith('step 1/'), progress.join(' | '));
    assert.equal(await rig.page.textContent('#note'), 'Favourite ★', 'the double click was real input');
    assert.equal(await rig.page.inputValue('#password'), PASSWORD, 'the secret was typed from memory');
    assert.ok(!text.includes(PASSWORD) && !JSON.stringify(rig.live.frames).includes(PASSWORD));
  });

  it('replays after the server removed the bug: not reproduced, the errors listed as gone', async () => {
    rig.shop.fixed = true;
    const replayed = await post(rig.connector.port, `/recordings/${recordingId}/replay`, {});
    assert.equal(replayed.status, 200, JSON.stringify(replayed.json));
    assert.equal(replayed.json.verdict, 'not reproduced', replayed.json.summary);
    assert.deepEqual(replayed.json.gone.map((problem: { kind: string }) => problem.kind).sort(), ['error', 'request']);
    assert.equal(replayed.json.recurring.length, 0);
    assert.equal(rig.shop.orders.at(-1)?.qty, 0);
    assert.equal(await rig.page.textContent('#cart'), 'Added 0 × green');
    rig.shop.fixed = false;
  });

  it('a replay in a later connector session diverges at the secret it lacks, and runs when given it', async () => {
    const later = await startTestConnector({ recordings: { dir: rig.recordingsDir } });
    try {
      // Recordings are the JSON files; runs and replay screenshots are kept in folders beside them.
      const saved = readdirSync(rig.recordingsDir)
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(rig.recordingsDir, name), 'utf8')));
      const withSecret = saved.find((recording) =>
        recording.flow.steps.some((step: { value?: string }) => step.value === '{{secret:password}}'),
      );
      assert.ok(withSecret, 'a saved recording with a secret placeholder');
      await connectExtension(rig.browser.worker, later.port);
      const missing = await post(later.port, `/recordings/${withSecret.id}/replay`, {});
      assert.equal(missing.json.verdict, 'diverged');
      assert.match(missing.json.failedStep.reason, /secret 'password'.*secrets\.password/);
      const given = await post(later.port, `/recordings/${withSecret.id}/replay`, { secrets: { password: PASSWORD } });
      assert.notEqual(given.json.verdict, 'diverged', given.json.summary);
      assert.equal(await rig.page.inputValue('#password'), PASSWORD);
      assert.ok(
        !readFileSync(join(rig.recordingsDir, `${withSecret.id}.json`), 'utf8').includes(PASSWORD),
        'the secret given for the replay is not saved',
      );
    } finally {
      await connectExtension(rig.browser.worker, rig.connector.port);
      await later.stop();
    }
  });

  it('names the bad step of an invalid flow, and gives a clear error for an unknown id', async () => {
    const bad = await post(rig.connector.port, '/recordings/import', {
      flow: { title: 't', steps: [{ type: 'navigate', url: 'http://x/' }, { type: 'click' }] },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'INVALID_PARAMETER');
    assert.match(bad.json.error.message, /step 2 \(click\)/);
    const unknown = await call(rig.mcp, 'get_recording', { id: 'rec-nope' });
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /No recording with id 'rec-nope'.*list_recordings/);
    const replayUnknown = await call(rig.mcp, 'replay_recording', { id: 'rec-nope' });
    assert.equal(replayUnknown.isError, true);
    const deleted = await request(rig.connector.port, 'DELETE', `/recordings/${recordingId}`);
    assert.equal(deleted.json.deleted, recordingId);
    assert.ok(!readdirSync(rig.recordingsDir).includes(`${recordingId}.json`));
  });
});
