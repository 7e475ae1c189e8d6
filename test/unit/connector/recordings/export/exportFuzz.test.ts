import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selectorToPElementSelector } from '@puppeteer/replay';
import fc from 'fast-check';
import { stringsInCode } from '../../../../../src/connector/recordings/export/auditExport';
import { cypressSelector } from '../../../../../src/connector/recordings/export/cypressSteps';
import { exportRecording } from '../../../../../src/connector/recordings/export/exportRecording';
import { secretEnvOf } from '../../../../../src/connector/recordings/export/prepareFlow';
import { playwrightLocatorValue } from '../../../../../src/connector/recordings/export/playwrightSelectors';
import type { SavedRecording } from '../../../../../src/connector/recordings/recordingLibrary';
import { ApiError } from '../../../../../src/shared/errors';
import type { RecorderStep } from '../../../../../src/shared/recording';
import type { ExportMock } from '../../../../../src/shared/recordingExport';
import { runExported } from '../../../../support/exportRunner';
import { FUZZ_PARAMS } from '../../../../support/fuzz';

const ORIGIN = 'http://127.0.0.1:4100';
const FORMATS = ['playwright', 'puppeteer', 'cypress'] as const;
const FUZZ_RUNS = Number(process.env.EXPORT_FUZZ_RUNS ?? 500);

/** A folder whose files the payloads try to create: none may ever exist. */
const canaryDir = mkdtempSync(join(tmpdir(), 'bd-export-canary-'));
const canary = (name: string) => join(canaryDir, name);

/** Strings a page would write to break out of a literal, a comment or a line, and our own placeholders. */
const PIECES = [
  "'",
  '"',
  '`',
  '\\',
  '${',
  '}',
  '*/',
  '/*',
  '//',
  '</script>',
  '<!--',
  '\u2028',
  '\u2029',
  '\n',
  '\r',
  '\u0000',
  ');',
  '__BD_BASE_URL__',
  '__BD_SECRET_PASSWORD__',
  '{{secret:password}}',
  `require("fs").writeFileSync(${JSON.stringify(canary('piece'))}, "")`,
  'import("child_process").then(m=>m.execSync("touch /tmp/x"))',
  ' ',
  'a',
  '/',
];
const pieces = (from: string[]) =>
  fc.array(fc.constantFrom(...from), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
const pageString = fc.oneof(
  pieces(PIECES),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
/**
 * Mostly strings the flow check lets through (no placeholder, no line break), so most exports are written
 * and run; the rest are refused, which the test checks too.
 */
const REFUSED_PIECES = new Set(['__BD_BASE_URL__', '__BD_SECRET_PASSWORD__', '\n', '\r', '\u0000', '\u2028', '\u2029']);
const passing = pieces(PIECES.filter((piece) => !REFUSED_PIECES.has(piece)));
const flowString = fc.oneof({ weight: 6, arbitrary: passing }, { weight: 1, arbitrary: pageString });

/** Recorder's `frame`: mostly integer paths, and what a hand-edited or hostile flow would put there instead. */
const framePaths = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(['0]);require("fs")//'], [1.5], ['1'], [null], 'x', {}) },
);

/** A recording with page strings in every place an export writes one. */
const hostileRecording = fc
  .record({
    title: flowString,
    path: flowString,
    value: flowString,
    css: flowString,
    aria: flowString,
    text: flowString,
    asserted: flowString,
    error: pageString,
    request: pageString,
    mockUrl: pageString,
    mockBody: pageString,
    header: pageString,
    inner: flowString,
    frame: framePaths,
  })
  .map((s) => {
    const steps: RecorderStep[] = [
      { type: 'navigate', url: `${ORIGIN}/${s.path}` },
      { type: 'change', value: s.value, selectors: [[`aria/${s.aria}`], [`#${s.css}`]] },
      {
        type: 'click',
        selectors: [[`text/${s.text}`], [`#${s.css}`]],
        offsetX: 1,
        offsetY: 2,
        assertedEvents: [{ type: 'navigation', url: `${ORIGIN}/${s.asserted}`, title: s.title }],
      },
      { type: 'change', value: '{{secret:password}}', selectors: [[`#${s.css}`]] },
      { type: 'waitForElement', selectors: [[`#${s.css}`]] },
      // A step in a frame, on an element in a shadow root: the frame path and every part of the chain.
      { type: 'click', frame: s.frame, selectors: [[`#${s.css}`, `pierce/${s.inner}`]], offsetX: 1, offsetY: 1 },
      { type: 'change', frame: s.frame, value: s.value, selectors: [[`#${s.css}`, s.inner]] },
    ];
    const recording: SavedRecording = {
      id: 'rec-0123456789ab',
      title: s.title,
      startedAt: 1_700_000_000_000,
      flow: { title: s.title, steps },
      timeline: [
        { at: 1, kind: 'error', step: 1, text: s.error, key: s.error },
        { at: 2, kind: 'request', step: 1, text: '', key: `POST ${ORIGIN}/${s.request.replace(/\s/g, '')} → 500` },
      ],
    };
    const mocks: ExportMock[] = [
      { url: s.mockUrl, method: 'get', status: 200, headers: { 'x-page': s.header }, body: s.mockBody },
    ];
    return { recording, mocks, strings: s };
  });

/** The rule the flow check applies, as the test expects it: placeholders and unparseable or multi-line URLs. */
function shouldRefuse(recording: SavedRecording): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  const badUrl = (url: string) => /[\u0000-\u001f\u007f\u2028\u2029]/.test(url) || !URL.canParse(url);
  const flowText = JSON.stringify(recording.flow);
  const urls = recording.flow.steps.flatMap((step) => [
    ...(typeof step.url === 'string' ? [step.url] : []),
    ...((step.assertedEvents as { url: string }[] | undefined) ?? []).map((event) => event.url),
  ]);
  const badFrame = recording.flow.steps.some(
    (step) => 'frame' in step && !(Array.isArray(step.frame) && step.frame.every((index) => Number.isInteger(index))),
  );
  return /__BD_\w*__/.test(flowText) || urls.some(badUrl) || badFrame;
}

/** The values each format must hold as literals, decoded exactly. */
function expectedLiterals(recording: SavedRecording, format: (typeof FORMATS)[number]): string[] {
  const [, change, click] = recording.flow.steps as [RecorderStep, RecorderStep, RecorderStep];
  // A value holding a secret placeholder is read from the environment as a whole.
  const values = secretEnvOf(change.value) ? [] : [String(change.value)];
  if (format === 'playwright') values.push(recording.title, playwrightLocatorValue(click.selectors));
  if (format === 'puppeteer')
    values.push(...(change.selectors as string[][]).map((g) => selectorToPElementSelector(g)));
  if (format === 'cypress') values.push(recording.title, cypressSelector(click.selectors)!);
  // The shadow-root part of the framed steps: Playwright's chain, Cypress's `.shadow().find(…)`.
  const framed = recording.flow.steps.at(-1)!;
  const inner = (framed.selectors as string[][])[0]![1]!;
  if (format === 'playwright') values.push(playwrightLocatorValue(framed.selectors));
  if (format === 'cypress') values.push(inner);
  return values;
}

describe('export fuzzing: page strings stay data in every format', function () {
  this.timeout(20 * 60_000);
  after(() => rmSync(canaryDir, { recursive: true, force: true }));

  it(`${FUZZ_RUNS} hostile recordings × ${FORMATS.length} formats: each export parses, holds the recorded values, runs nothing (or is refused with a clear error)`, async () => {
    const tally = { exports: 0, ran: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(hostileRecording, async ({ recording, mocks }) => {
        const refuse = shouldRefuse(recording);
        for (const format of FORMATS) {
          tally.exports++;
          let text: string;
          try {
            text = (await exportRecording(recording, format, { mocks })).text;
          } catch (error) {
            assert.ok(refuse, `refused an export it should write (${format}): ${(error as Error).message}`);
            assert.ok(error instanceof ApiError && error.code === 'INVALID_PARAMETER');
            assert.match(error.message, /^Invalid recording flow: .+ (try again|fix that step)\.$/s);
            tally.refused++;
            continue;
          }
          assert.ok(!refuse, `wrote an export it should refuse (${format})`);
          const strings = await stringsInCode(text, format === 'playwright');
          for (const value of expectedLiterals(recording, format))
            assert.ok(strings.includes(value), `${format}: ${JSON.stringify(value)} is a literal of its own`);
          assert.match(text, /BROWSER_DEBUG_SECRET_PASSWORD/, 'the secret step reads its variable');
          await runExported(text, format);
          tally.ran++;
          assert.equal(existsSync(canary('piece')), false, `${format}: the canary file was created`);
        }
      }),
      { ...FUZZ_PARAMS, numRuns: FUZZ_RUNS },
    );
    console.log(
      `      export fuzz: ${FUZZ_RUNS} recordings, ${tally.exports} exports, ${tally.ran} parsed, checked and run, ${tally.refused} refused`,
    );
    assert.equal(tally.exports, FUZZ_RUNS * FORMATS.length);
    assert.ok(tally.ran > FUZZ_RUNS * 1.5, 'most exports are written, not refused');
  });

  it('the rig itself: code that escaped a literal does run in it and creates the canary', async () => {
    const escaped = `const value = ''; require("fs").writeFileSync(${JSON.stringify(canary('rig'))}, "");`;
    await runExported(`(async () => { ${escaped} })().catch(() => {});`, 'puppeteer');
    assert.equal(existsSync(canary('rig')), true);
  });
});

/** The issue's payload: a value that closed the regex-rewritten literal and ran a command. */
const ISSUE_PAYLOAD = `__BD_BASE_URL__/1);import("child_process").then(m=>m.execSync("touch ${canary('issue')}"));//`;
const ISSUE_PAYLOAD_BARE = `/1);require("child_process").execSync("touch ${canary('issue')}");//`;

describe("the issue's payload in every format", () => {
  /** The payload as a value, and with `everywhere` also in the title, a URL and the selectors. */
  const placed = (payload: string, everywhere = false): SavedRecording => {
    const put = (normal: string) => (everywhere ? `${normal}${payload}` : normal);
    return {
      id: 'rec-0123456789ab',
      title: put('payload'),
      startedAt: 1,
      flow: {
        title: put('payload'),
        steps: [
          { type: 'navigate', url: put(`${ORIGIN}/start`) },
          { type: 'change', value: payload, selectors: [[put('#q')]] },
          { type: 'click', selectors: [[put('#go')]], offsetX: 1, offsetY: 1 },
        ],
      },
      timeline: [{ at: 1, kind: 'error', step: 2, text: payload, key: payload }],
    };
  };

  for (const format of FORMATS) {
    it(`${format}: with our placeholder in it, refused with a clear error`, async () => {
      await assert.rejects(
        exportRecording(placed(ISSUE_PAYLOAD), format),
        (error: ApiError) =>
          error.code === 'INVALID_PARAMETER' &&
          /step 2 \(change\), value holds a Browser Debug placeholder \(__BD_…__\)/.test(error.message),
      );
    });

    it(`${format}: without it, the value is one literal, and running the test creates nothing`, async () => {
      const { text } = await exportRecording(placed(ISSUE_PAYLOAD_BARE, true), format);
      assert.ok((await stringsInCode(text, format === 'playwright')).includes(ISSUE_PAYLOAD_BARE));
      await runExported(text, format);
      assert.equal(existsSync(canary('issue')), false);
    });
  }
});
