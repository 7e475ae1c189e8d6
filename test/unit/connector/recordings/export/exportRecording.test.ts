import assert from 'node:assert/strict';
import { Script } from 'node:vm';
import ts from 'typescript';
import type { ExportMock } from '../../../../../src/shared/recordingExport';
import { exportRecording } from '../../../../../src/connector/recordings/export/exportRecording';
import { globToRegExpSource } from '../../../../../src/connector/recordings/export/checkCode';
import { playwrightLocator } from '../../../../../src/connector/recordings/export/playwrightSelectors';
import type { SavedRecording } from '../../../../../src/connector/recordings/recordingLibrary';
import { errorKey } from '../../../../../src/connector/recordings/timeline';

const ORIGIN = 'http://127.0.0.1:4100';

function recording(overrides: Partial<SavedRecording> = {}): SavedRecording {
  return {
    id: 'rec-0123456789ab',
    title: 'Checkout fails',
    startedAt: 1_700_000_000_000,
    flow: {
      title: 'Checkout fails',
      steps: [
        { type: 'navigate', url: `${ORIGIN}/shop?x=1` },
        { type: 'change', value: '{{secret:password}}', selectors: [['aria/Password'], ['#password']] },
        { type: 'click', selectors: [['aria/Pay[role="button"]'], ['#pay']], offsetX: 4, offsetY: 5 },
        { type: 'waitForElement', selectors: [['text/Thank you']] },
      ],
    },
    timeline: [
      {
        at: 10,
        kind: 'error',
        step: 2,
        text: 'Uncaught TypeError: x is undefined',
        key: errorKey('Uncaught TypeError: x is undefined at app.js:12:5'),
      },
      { at: 11, kind: 'request', step: 2, text: '…', key: `POST ${ORIGIN}/api/pay → 500` },
      { at: 12, kind: 'request', step: 2, text: '…', key: 'GET https://cdn.example/lib.js → net::ERR_FAILED' },
    ],
    ...overrides,
  };
}

const MOCKS: ExportMock[] = [
  {
    url: '**/api/stock',
    method: 'get',
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '{"left":3}',
  },
  { url: `${ORIGIN}/api/coupon*`, status: 404 },
];

/** Syntax of a generated TypeScript file: transpile diagnostics. */
function tsErrors(text: string): string[] {
  const output = ts.transpileModule(text, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext },
  });
  return (output.diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('exportRecording: a recording as a test', () => {
  it('Playwright: page.route per mock (method-filtered), checks from the recording, base URL, secret from env', async () => {
    const exported = await exportRecording(recording(), 'playwright', { mocks: MOCKS });
    const text = exported.text;
    assert.deepEqual(tsErrors(text), []);
    assert.equal(exported.fileName, 'checkout-fails.spec.ts');
    assert.match(
      text,
      /await page\.route\("\*\*\/api\/stock", \(route\) => \(route\.request\(\)\.method\(\) === "GET" \? route\.fulfill\(\{ status: 200, headers: \{"content-type":"application\/json"\}, body: "\{\\"left\\":3\}" \}\) : route\.fallback\(\)\)\);/,
    );
    assert.match(
      text,
      /await page\.route\("http:\/\/127\.0\.0\.1:4100\/api\/coupon\*", \(route\) => route\.fulfill\(\{ status: 404 \}\)\);/,
    );
    assert.ok(text.indexOf('page.route(') < text.indexOf('page.goto('), 'mocks are in place before the first step');
    assert.match(text, /const baseURL = process\.env\.BASE_URL \?\? "http:\/\/127\.0\.0\.1:4100";/);
    assert.match(text, /await page\.goto\("\/shop\?x=1"\);/);
    assert.match(
      text,
      /await change\(page\.locator\("css=#password"\), process\.env\.BROWSER_DEBUG_SECRET_PASSWORD \?\? ''\);/,
    );
    assert.match(text, /\{ method: "POST", url: baseURL \+ "\/api\/pay", was: "500" \}/);
    assert.match(text, /\{ method: "GET", url: "https:\/\/cdn\.example\/lib\.js", was: "net::ERR_FAILED" \}/);
    assert.match(text, /const bugErrors: string\[\] = \["Uncaught TypeError: x is undefined at app\.js"\];/);
    assert.match(text, /await expect\(page\.locator\("text=Thank you"\)\)\.toBeVisible\(\);/);
    assert.deepEqual(exported.secretEnv, ['BROWSER_DEBUG_SECRET_PASSWORD']);
    assert.deepEqual(exported.checks.slice(-2), [
      'mocked: get **/api/stock → 200',
      `mocked: any ${ORIGIN}/api/coupon* → 404`,
    ]);
  });

  it('Puppeteer: one interception handler for the mocks, matching the same globs', async () => {
    const { text } = await exportRecording(recording(), 'puppeteer', { mocks: MOCKS });
    assert.doesNotThrow(() => new Script(text));
    assert.match(text, /await page\.setRequestInterception\(true\);/);
    assert.match(text, /method: "GET", answer: \{ status: 200,/);
    assert.match(text, /await targetPage\.goto\(baseURL \+ "\/shop\?x=1"\);/);
    assert.match(text, /\.fill\(process\.env\.BROWSER_DEBUG_SECRET_PASSWORD \?\? ''\);/);
    const stock = new RegExp(globToRegExpSource('**/api/stock'));
    assert.ok(stock.test('http://localhost:9/api/stock') && !stock.test('http://localhost:9/api/stock/2'));
    const coupon = new RegExp(globToRegExpSource(`${ORIGIN}/api/coupon*`));
    assert.ok(coupon.test(`${ORIGIN}/api/coupon?code=A`) && !coupon.test(`${ORIGIN}/api/coupons/x/y`));
  });

  it('Cypress: cy.intercept per mock, secrets through Cypress.env', async () => {
    const { text } = await exportRecording(recording(), 'cypress', { mocks: MOCKS });
    assert.doesNotThrow(() => new Script(text));
    assert.match(text, /cy\.intercept\(\{ method: "GET", url: "\*\*\/api\/stock" \}, \{ statusCode: 200,/);
    assert.match(text, /cy\.intercept\("http:\/\/127\.0\.0\.1:4100\/api\/coupon\*", \{ statusCode: 404 \}\);/);
    assert.match(text, /\.type\(Cypress\.env\("BROWSER_DEBUG_SECRET_PASSWORD"\)\);/);
    assert.match(text, /cy\.visit\(baseURL \+ "\/shop\?x=1"\);/);
  });

  it('takes the bug from the replay that verified the fix, when there is one', async () => {
    const verified = recording({
      lastVerdict: {
        recordingId: 'rec-0123456789ab',
        verdict: 'not reproduced',
        summary: '',
        stepsRun: 4,
        stepsTotal: 4,
        recurring: [],
        gone: [{ kind: 'request', text: '', key: `POST ${ORIGIN}/api/pay → 500`, step: 2 }],
        new: [],
        startedAt: 1_700_000_100_000,
        stepsMs: 1,
        durationMs: 2,
      },
    });
    const exported = await exportRecording(verified, 'playwright');
    assert.deepEqual(exported.checks.slice(0, 1), ['POST /api/pay answers below 400 (it answered 500 in the bug)']);
    assert.equal(exported.checks.length, 2, exported.checks.join('\n'));
    assert.match(exported.text, /Checks drawn from the replay of 2023-11-14T22:15:00\.000Z that verified the fix/);
    assert.doesNotMatch(exported.text, /page\.route/);
  });

  it("compares errors as the verdict does: the test's errorKey is timeline.ts's", async () => {
    const { text } = await exportRecording(recording(), 'puppeteer');
    const source = /const errorKey = [\s\S]*?\.slice\(0, 200\);/.exec(text)![0];
    const key = new Script(`${source}; errorKey`).runInNewContext() as (message: string) => string;
    for (const sample of [
      'Uncaught TypeError: x is undefined at app.js:12:5',
      'Error 0xdeadbeef in 1234567 at https://a.b/c.js:1:2',
      'id 9f8e7d6c5b4a3f2e  failed',
    ])
      assert.equal(key(sample), errorKey(sample));
  });

  it('recorder-json is the flow itself, placeholders and all', async () => {
    const exported = await exportRecording(recording(), 'recorder-json');
    assert.deepEqual(JSON.parse(exported.text), recording().flow);
  });

  it('turns Recorder selectors into one Playwright locator, CSS and XPath first', () => {
    assert.equal(playwrightLocator([['aria/Pay[role="button"]'], ['#pay']], 'page'), 'page.locator("css=#pay")');
    assert.equal(
      playwrightLocator([['aria/Pay[role="button"]'], ['xpath///button']], 'page'),
      'page.locator("xpath=//button")',
    );
    assert.equal(
      playwrightLocator([['aria/Pay[role="button"]']], 'page'),
      'page.locator("role=button[name=\\"Pay\\"]")',
    );
    assert.equal(playwrightLocator([['aria/Password']], 'page'), 'page.getByLabel("Password", { exact: true })');
    assert.equal(playwrightLocator([['my-app', '#inner']], 'page'), 'page.locator("css=my-app >> css=#inner")');
  });
});
