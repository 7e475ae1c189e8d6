import type { LineWriter, Schema } from '@puppeteer/replay';
import { framePath } from './framePath';

/**
 * Puppeteer in frames. @puppeteer/replay's converter writes a step in a frame as its Recorder `frame` path walked
 * with `frame.childFrames()[index]`, at once: a frame that is not attached yet (a card form a click inserts)
 * makes it a TypeError. Its lines stay as they are; before each such step we wait until the path resolves.
 * The indexes agree: our recorder reads them from `window.frames`, which Chromium orders as the frame tree
 * (insertion order, not document order), as `childFrames()` and DevTools Recorder do.
 */

/** The `frameAttached(path)` helper, for a flow with frame steps: after the converter's `page` and `timeout`. */
export const FRAME_HELPER = [
  '// Waits until the frame at a Recorder `frame` path (child indexes from the top frame, in childFrames() order) is',
  '// attached: a frame can come after the step before it.',
  'const frameAttached = (path) =>',
  '  page',
  '    .waitForFrame(() => path.reduce((frame, index) => frame?.childFrames()[index], page.mainFrame()) !== undefined, { timeout })',
  '    .catch((error) => {',
  '      throw new Error(`No frame at path [${path}] within ${timeout} ms: ${error.message}`);',
  '    });',
];

/** `await frameAttached([…]);` before a step in a frame of the main page (other targets are the converter's). */
export function frameWait(out: LineWriter, step: Schema.Step): void {
  const { frame, target } = step as { frame?: unknown; target?: unknown };
  const path = framePath(frame);
  if (path.length && (target === undefined || target === 'main'))
    out.appendLine(`await frameAttached([${path.join(', ')}]);`);
}
