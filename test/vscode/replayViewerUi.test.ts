/**
 * The Replay viewer in code-server (the VSIX installed): Open Replay Viewer on a Recordings row plays the run's
 * video with its chapters and the run's errors, requests and vitals under it. The viewer is tested on a fixed run:
 * a real connector (this process, the caller secret checked) serves a timeline of #35's shape on the run routes
 * through `extraRoutes` (the real routes are tested by test/e2e/evidence*.test.ts), and the extension attaches to
 * it as it does to another window's connector.
 * The video is a real WebM made by Chromium's MediaRecorder.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { Connector } from '../../src/connector/connector';
import { post } from '../support/http';
import { freePortRun } from '../support/ports';
import { until } from '../support/until';
import { ARTIFACTS, chooseMenuItem, expandView, frameWith, openSideBar, startUiRig, type UiRig } from './support/uiRig';
import { ROOT } from './support/suiteBuild';

const PICTURES = process.env.BROWSER_DEBUG_PICTURES === 'docs' ? join(ROOT, 'docs', 'images') : ARTIFACTS;
const RUN = 'run-0123456789ab';

/** A 3-second WebM of a moving square, recorded by Chromium itself. */
async function webm(rig: UiRig): Promise<Buffer> {
  const bytes = await rig.workbench.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 400 });
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const done = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    const started = performance.now();
    while (performance.now() - started < 3000) {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, 640, 400);
      context.fillStyle = '#c33';
      context.fillRect(((performance.now() - started) / 3000) * 560, 160, 80, 80);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await done;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  return Buffer.from(bytes);
}

describe('VS Code UI: the Replay viewer (code-server, the VSIX installed)', function () {
  this.timeout(400_000);
  let rig: UiRig;
  let connector: Connector;
  let video: Buffer = Buffer.alloc(0);
  const recordingsDir = mkdtempSync(join(tmpdir(), 'bd-viewer-recordings-'));

  before(async function () {
    const port = await freePortRun(1);
    connector = await Connector.start(
      { port, maxPort: port, recordings: { dir: recordingsDir }, screenshots: { dir: join(recordingsDir, 'shots') } },
      {
        extraRoutes: (app) => {
          app.get('/recordings/:id/runs', (req, res) => {
            res.json({ runs: [{ runId: RUN, recordingId: req.params.id, startedAt: Date.now() }] });
          });
          app.get('/recordings/:id/runs/:runId/timeline', (req, res) => {
            res.json({
              startedAt: Date.now() - 60_000,
              durationMs: 3000,
              chapters: [
                { index: 0, title: 'Navigate to the shop', startMs: 0, endMs: 1000 },
                { index: 1, title: 'Click "Checkout"', startMs: 1000, endMs: 3000 },
              ],
              events: [
                { atMs: 300, step: 0, kind: 'vital', name: 'LCP', value: 420, rating: 'good' },
                {
                  atMs: 1200,
                  step: 1,
                  kind: 'dialog',
                  type: 'confirm',
                  message: 'Place the order?',
                  answer: 'accepted',
                },
                { atMs: 1500, step: 1, kind: 'network', method: 'POST', url: '/api/order', status: 500, failed: true },
                {
                  atMs: 1600,
                  step: 1,
                  kind: 'console',
                  level: 'error',
                  text: 'Order failed with status 500',
                  error: true,
                },
              ],
              video: {
                url: `/recordings/${req.params.id}/runs/${req.params.runId}/video`,
                mimeType: 'video/webm',
                durationMs: 3000,
                width: 640,
                height: 400,
              },
              visualChanges: [
                {
                  step: 1,
                  box: { x: 40, y: 300, width: 160, height: 50 },
                  element: '<button.buy>',
                  component: { name: 'CheckoutButton', source: 'src/Checkout.tsx:42', line: 42 },
                },
              ],
            });
          });
          app.get('/recordings/:id/runs/:runId/video', (_req, res) => {
            res.type('video/webm').send(video);
          });
        },
      },
    );
    rig = await startUiRig(this, { port, connect: false });
    video = await webm(rig);
    const imported = await post(port, '/recordings/import', {
      title: 'checkout breaks',
      flow: { title: 'checkout breaks', steps: [{ type: 'navigate', url: 'http://127.0.0.1/' }] },
    });
    assert.equal(imported.status, 200, JSON.stringify(imported.json));
  });
  after(async () => {
    await rig?.stop();
    await connector?.stop();
    rmSync(recordingsDir, { recursive: true, force: true });
  });

  async function contextMenu(row: Locator, label: string): Promise<void> {
    const item = rig.workbench.locator('.monaco-menu .action-label', { hasText: label }).first();
    await until(
      async () => {
        await row.click({ button: 'right' });
        if (
          await item.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          )
        )
          return true;
        await rig.workbench.keyboard.press('Escape');
        return false;
      },
      60_000,
      `"${label}" in the context menu`,
    );
    await chooseMenuItem(rig.workbench, label);
  }

  it('opens from the Recordings view: the video plays, chapters and the error row under it, and the error seeks the video', async () => {
    const { workbench } = rig;
    await openSideBar(workbench);
    await expandView(workbench, 'Recordings');
    const row = workbench.locator('.monaco-list-row', { hasText: 'checkout breaks' }).first();
    await row.waitFor({ timeout: 60_000 });
    await contextMenu(row, 'Open Replay Viewer');
    const frame = await frameWith(workbench, 'ol.chapters button', 'the Replay viewer', 60_000);
    assert.deepEqual(await frame.locator('ol.chapters button').allTextContents(), [
      '1. Navigate to the shop',
      '2. Click "Checkout"',
    ]);
    const errorRow = frame.locator('.events button', { hasText: 'Order failed with status 500' });
    assert.equal(await errorRow.count(), 1);
    assert.match((await frame.locator('.events').textContent()) ?? '', /POST \/api\/order → 500/);
    assert.match((await frame.locator('.events').textContent()) ?? '', /confirm “Place the order\?” → accepted/);
    await until(
      () => frame.locator('video').evaluate((node: HTMLVideoElement) => node.readyState >= 1 && node.duration > 0),
      30_000,
      'the video to load',
    );
    await errorRow.click();
    await until(
      () => frame.locator('video').evaluate((node: HTMLVideoElement) => Math.abs(node.currentTime - 1.6) < 0.3),
      10_000,
      'the video to seek to the error',
    );
    assert.equal(await frame.locator('ol.chapters button.current').textContent(), '2. Click "Checkout"');
    assert.equal(await frame.locator('.boxes div').count(), 1, 'the visual change as a box on the frame');
    mkdirSync(PICTURES, { recursive: true });
    await workbench.screenshot({ path: join(PICTURES, 'replay-viewer.png') });
  });
});
