import assert from 'node:assert/strict';
import { exportRecording } from '../../../../../src/connector/recordings/export/exportRecording';
import type { SavedRecording } from '../../../../../src/connector/recordings/recordingLibrary';

const ORIGIN = 'http://127.0.0.1:4100';

function recording(steps: SavedRecording['flow']['steps']): SavedRecording {
  return {
    id: 'rec-0123456789ab',
    title: 'frames',
    startedAt: 1_700_000_000_000,
    flow: { title: 'frames', steps: [{ type: 'navigate', url: `${ORIGIN}/checkout` }, ...steps] },
    timeline: [],
  };
}

/** A click in the second frame's first frame, and one in the top page. */
const NESTED = recording([
  { type: 'click', target: 'main', frame: [1, 0], selectors: [['#pay']], offsetX: 1, offsetY: 1 },
  { type: 'click', target: 'main', selectors: [['#done']], offsetX: 1, offsetY: 1 },
]);

describe('exports of steps in frames (#33)', () => {
  it('Puppeteer waits until the frame path resolves before the converter walks childFrames()', async () => {
    const { text } = await exportRecording(NESTED, 'puppeteer');
    assert.equal(text.match(/const frameAttached = /g)?.length, 1, 'the helper, once');
    assert.match(
      text,
      /await frameAttached\(\[1, 0\]\);\n\s*\{\n(.*\n){2}\s*frame = frame\.childFrames\(\)\[1\];\n\s*frame = frame\.childFrames\(\)\[0\];/,
    );
    assert.equal(text.match(/await frameAttached\(/g)?.length, 1, 'no wait before a top-page step');
  });

  it('Puppeteer without frame steps has no frame helper', async () => {
    const { text } = await exportRecording(
      recording([{ type: 'click', selectors: [['#done']], offsetX: 1, offsetY: 1 }]),
      'puppeteer',
    );
    assert.ok(!text.includes('frameAttached'), text);
  });

  it('Playwright finds each frame by its window.frames index (frameAt), not the nth iframe in the document', async () => {
    const { text } = await exportRecording(NESTED, 'playwright');
    assert.match(
      text,
      /^import \{ test, expect, type FrameLocator, type Locator, type Page \} from '@playwright\/test';/,
    );
    assert.equal(text.match(/async function frameAt\(/g)?.length, 1, 'the helper, once');
    assert.match(text, /await \(await frameAt\(page, \[1, 0\]\)\)\.locator\("css=#pay"\)\.click\(/);
    assert.match(text, /await page\.locator\("css=#done"\)\.click\(/);
    assert.ok(!/\.nth\(1\)/.test(text), text);
    const plain = await exportRecording(
      recording([{ type: 'click', selectors: [['#done']], offsetX: 1, offsetY: 1 }]),
      'playwright',
    );
    assert.ok(!plain.text.includes('frameAt'), 'no helper without frame steps');
    assert.match(plain.text, /^import \{ test, expect, type Locator \} from '@playwright\/test';/);
  });

  it('Cypress reaches a nested frame through window.frames and notes what cross-origin frames need', async () => {
    const { text } = await exportRecording(NESTED, 'cypress');
    assert.ok(
      text.includes(
        `cy.window().its("frames.1.frames.0.document.body").should('not.be.empty').then(cy.wrap).find("#pay").click();`,
      ),
      text,
    );
    assert.match(text, /chromeWebSecurity: false/);
    const plain = await exportRecording(
      recording([{ type: 'click', selectors: [['#done']], offsetX: 1, offsetY: 1 }]),
      'cypress',
    );
    assert.ok(!plain.text.includes('chromeWebSecurity'), 'the note only where a step is in a frame');
  });

  it('Cypress marks each step in a frame the browser reported as another origin', async () => {
    const { text } = await exportRecording({ ...NESTED, crossOriginFrames: [[1, 0]] }, 'cypress');
    assert.match(
      text,
      /\/\/ Frame \[1, 0\] was another origin when recorded: this step needs chromeWebSecurity: false\.\n\s*cy\.window\(\)/,
    );
    const same = await exportRecording({ ...NESTED, crossOriginFrames: [[1]] }, 'cypress');
    assert.ok(!same.text.includes('was another origin'), 'only the frame itself, not its parent');
  });
});
