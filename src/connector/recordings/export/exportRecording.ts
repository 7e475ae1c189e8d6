import { PuppeteerStringifyExtension, stringify, type Schema, type StringifyExtension } from '@puppeteer/replay';
import {
  EXPORT_SUFFIX,
  type ExportFormat,
  type ExportMock,
  type RecordingExport,
} from '../../../shared/recordingExport';
import type { SavedRecording } from '../recordingLibrary';
import { cypressAdditions } from './cypressAdditions';
import { PlaywrightStringifyExtension } from './playwrightExtension';
import { prepareFlow } from './prepareFlow';
import { puppeteerAdditions } from './puppeteerAdditions';
import { regressionChecks, type RegressionChecks } from './regressionChecks';
import { WrappedExtension } from './wrappedExtension';

export interface ExportOptions {
  /** Network mocks of the replay, when it had any: they become page.route / interception / cy.intercept. */
  mocks?: ExportMock[];
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
  const checks = regressionChecks(recording);
  const fileName = `${slug(recording.title)}${EXPORT_SUFFIX[format]}`;
  const base = { recordingId: recording.id, format, fileName, baseURL: checks.origin };
  if (format === 'recorder-json')
    return { ...base, text: `${JSON.stringify(recording.flow, null, 2)}\n`, checks: [], secretEnv: [] };
  const { flow, secretEnv } = prepareFlow(recording.flow, checks.origin, recording.title);
  const mocks = options.mocks ?? [];
  const context = { recordingId: recording.id, title: recording.title, checks, secretEnv, mocks };
  const extension = await extensionFor(format, context);
  const text = await stringify(flow as unknown as Schema.UserFlow, { extension });
  return { ...base, text, checks: describeChecks(checks, mocks), secretEnv };
}

async function extensionFor(
  format: Exclude<ExportFormat, 'recorder-json'>,
  context: Parameters<typeof puppeteerAdditions>[0],
): Promise<StringifyExtension> {
  if (format === 'playwright') return new PlaywrightStringifyExtension(context);
  if (format === 'puppeteer')
    return new WrappedExtension(new PuppeteerStringifyExtension(), puppeteerAdditions(context));
  // An ES module (built on its own copy of @puppeteer/replay); the hooks it implements are the same.
  const { CypressStringifyExtension } = await import('@cypress/chrome-recorder/dist/CypressStringifyExtension.js');
  return new WrappedExtension(
    new CypressStringifyExtension() as unknown as StringifyExtension,
    cypressAdditions(context),
  );
}

/** The checks in plain words, for the answer. */
function describeChecks(checks: RegressionChecks, mocks: readonly ExportMock[]): string[] {
  return [
    ...checks.requests.map(
      (request) => `${request.method} ${request.url} answers below 400 (it answered ${request.was} in the bug)`,
    ),
    ...checks.errors.map((error) => `no uncaught error or console.error like: ${error}`),
    ...(checks.visible
      ? [`${checks.visible.what} is visible at the end (${checks.visible.selectors[0]!.join(' >> ')})`]
      : []),
    ...mocks.map((mock) => `mocked: ${mock.method ?? 'any'} ${mock.url} → ${mock.status}`),
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
