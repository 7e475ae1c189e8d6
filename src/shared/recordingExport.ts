/**
 * Exporting a recording as a test for the project's own suite (export_recording,
 * GET /recordings/{id}/export). Shared by the connector, the MCP tool and VS Code.
 */

export const EXPORT_FORMATS = ['playwright', 'puppeteer', 'cypress', 'recorder-json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How each format's file is named: `<slug><suffix>`. */
export const EXPORT_SUFFIX: Record<ExportFormat, string> = {
  playwright: '.spec.ts',
  puppeteer: '.puppeteer.js',
  cypress: '.cy.js',
  'recorder-json': '.recording.json',
};

/** A name's test-ish ending: `.spec.ts`, `.cy.js`, `.json`, … (dropped before the format's suffix goes on). */
const TEST_ENDING = /(\.(spec|test|cy|puppeteer|recording))?\.([cm]?[jt]sx?|json)$/i;

/**
 * The file name an export is written under when a caller names it: it always ends in the format's suffix
 * (Playwright also takes `.test.ts`), so a test runner picks it up and nothing else runs it as a script or
 * reads it as config. `login` → `login.spec.ts`, `run.sh` → `run.sh.spec.ts`, `a.spec.js` → `a.spec.ts`.
 */
export function withTestSuffix(name: string, format: ExportFormat): string {
  const suffix = EXPORT_SUFFIX[format];
  const kept = format === 'playwright' ? /.\.(spec|test)\.ts$/ : new RegExp(`.${suffix.replace(/\./g, '\\.')}$`);
  if (kept.test(name)) return name;
  return `${name.replace(TEST_ENDING, '') || 'recording'}${suffix}`;
}

/**
 * A canned answer from a replay's network mocks; the export turns each into `page.route`
 * (Playwright), request interception (Puppeteer) or `cy.intercept` (Cypress).
 */
export interface ExportMock {
  /** A URL glob as Playwright reads it, e.g. `** /api/order` without the space, or a full URL. */
  url: string;
  /** Only this method; any when absent. */
  method?: string;
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** What an export answers: the test's text, and what it checks. */
export interface RecordingExport {
  recordingId: string;
  format: ExportFormat;
  fileName: string;
  text: string;
  /** One line per regression check the test makes, in plain words. */
  checks: string[];
  /** Environment variables the test reads for secrets typed while recording. */
  secretEnv: string[];
  /** The recorded origin, which the test uses unless BASE_URL says otherwise. */
  baseURL?: string;
  /** Where the file was written, when the caller asked for a path. */
  path?: string;
}
