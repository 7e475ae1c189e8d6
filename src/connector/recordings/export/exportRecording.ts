import { PuppeteerStringifyExtension, stringify, type Schema, type StringifyExtension } from '@puppeteer/replay';
import {
  EXPORT_SUFFIX,
  type ExportFormat,
  type ExportMock,
  type RecordingExport,
} from '../../../shared/recordingExport';
import { ApiError } from '../../../shared/errors';
import { MAX_LEAK_ITERATIONS, MIN_LEAK_ITERATIONS, repeatedSteps } from '../../../shared/leaks';
import type { SavedRecording } from '../recordingLibrary';
import { cypressAdditions } from './cypressAdditions';
import { PlaywrightStringifyExtension } from './playwrightExtension';
import { LEAK_CHECK_TEXT } from './playwrightLeakCheck';
import { secretEnvIn } from './prepareFlow';
import { auditExport } from './auditExport';
import { literalPolicy } from './exportPolicy';
import { validateFlowContent } from '../flowValidation';
import { puppeteerAdditions } from './puppeteerAdditions';
import { regressionChecks, type RegressionChecks } from './regressionChecks';
import { WrappedExtension } from './wrappedExtension';

export interface ExportOptions {
  /** Network mocks of the replay, when it had any: they become page.route / interception / cy.intercept. */
  mocks?: ExportMock[];
  /** Playwright only: loop the steps after the page loads this many times and assert the heap does not grow. */
  leakCheck?: number;
}

/**
 * A recording as a test: the maintained converters write the steps (@puppeteer/replay's stringify
 * with Puppeteer's extension, ours for Playwright, @cypress/chrome-recorder's for Cypress), and the
 * regression checks of the last verified replay are added. The flow carries `{{secret:…}}`
 * placeholders only, so no secret value can reach the text.
 */
export async function exportRecording(
  recording: SavedRecording,
  format: ExportFormat,
  options: ExportOptions = {},
): Promise<RecordingExport> {
  // Recorded, imported or edited on disk: the same string rules and the parser's own reading.
  const flow = { ...validateFlowContent(recording.flow), title: recording.title };
  const checks = regressionChecks({ ...recording, flow });
  const fileName = `${slug(recording.title)}${EXPORT_SUFFIX[format]}`;
  const base = { recordingId: recording.id, format, fileName, baseURL: checks.origin };
  if (format === 'recorder-json')
    return { ...base, text: `${JSON.stringify(recording.flow, null, 2)}\n`, checks: [], secretEnv: [] };
  const secretEnv = secretEnvIn(flow);
  const mocks = options.mocks ?? [];
  const leakCheck = checkLeakCheck(recording, format, options.leakCheck);
  const crossOriginFrames = recording.crossOriginFrames ?? [];
  const context = {
    recordingId: recording.id,
    title: recording.title,
    checks,
    secretEnv,
    mocks,
    leakCheck,
    crossOriginFrames,
  };
  const { extension, fixed } = await extensionFor(format, context);
  const text = await stringify(flow as unknown as Schema.UserFlow, { extension });
  await auditExport(text, literalPolicy(flow, checks, mocks, fixed), format === 'playwright');
  return { ...base, text, checks: describeChecks(checks, mocks, leakCheck), secretEnv };
}

/** The format's converter with our writers, and its fixed text beyond ours. */
async function extensionFor(
  format: Exclude<ExportFormat, 'recorder-json'>,
  context: Omit<Parameters<typeof cypressAdditions>[0], 'keys'> & { leakCheck?: number },
): Promise<{ extension: StringifyExtension; fixed: string[] }> {
  if (format === 'playwright')
    return {
      extension: new PlaywrightStringifyExtension(context),
      fixed: context.leakCheck ? [...LEAK_CHECK_TEXT] : [],
    };
  if (format === 'puppeteer')
    return {
      extension: new WrappedExtension(new PuppeteerStringifyExtension(), puppeteerAdditions(context)),
      fixed: [],
    };
  // ES modules (built on their own copy of @puppeteer/replay); the hooks it implements are the same.
  const { CypressStringifyExtension } = await import('@cypress/chrome-recorder/dist/CypressStringifyExtension.js');
  const { supportedRecorderKeys: keys } = await import('@cypress/chrome-recorder/dist/constants.js');
  return {
    extension: new WrappedExtension(
      new CypressStringifyExtension() as unknown as StringifyExtension,
      cypressAdditions({ ...context, keys }),
    ),
    fixed: Object.values(keys).map((key) => `{${key}}`),
  };
}

/** A leak assertion asked for: Playwright, and a flow with steps to repeat after the page loads. */
function checkLeakCheck(recording: SavedRecording, format: ExportFormat, loops: number | undefined) {
  if (loops === undefined) return undefined;
  const refuse = (why: string) => new ApiError('INVALID_PARAMETER', why, { parameter: 'leakCheck' });
  if (format !== 'playwright')
    throw refuse(`leakCheck is for the Playwright export only: export as playwright, or drop leakCheck.`);
  if (!Number.isInteger(loops) || loops < MIN_LEAK_ITERATIONS || loops > MAX_LEAK_ITERATIONS)
    throw refuse(
      `Invalid 'leakCheck': send a whole number of loops, ${MIN_LEAK_ITERATIONS} to ${MAX_LEAK_ITERATIONS}.`,
    );
  if (!repeatedSteps(recording.flow.steps).length)
    throw refuse(
      `Recording ${recording.id} only navigates: a leak check loops the steps after the page loads. Record an interaction, or drop leakCheck.`,
    );
  return loops;
}

/** The checks in plain words, for the answer. */
function describeChecks(checks: RegressionChecks, mocks: readonly ExportMock[], leakCheck?: number): string[] {
  return [
    ...checks.requests.map(
      (request) => `${request.method} ${request.url} answers below 400 (it answered ${request.was} in the bug)`,
    ),
    ...checks.errors.map((error) => `no uncaught error or console.error like: ${error}`),
    ...(checks.visible
      ? [`${checks.visible.what} is visible at the end (${checks.visible.selectors[0]!.join(' >> ')})`]
      : []),
    ...mocks.map((mock) => `mocked: ${mock.method ?? 'any'} ${mock.url} → ${mock.status}`),
    ...(leakCheck
      ? [`after ${leakCheck} loops of the steps after the page loads, DOM nodes, listeners and the JS heap do not grow`]
      : []),
  ];
}

function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'recording'
  );
}
