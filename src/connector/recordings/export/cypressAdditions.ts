import type { LineWriter } from '@puppeteer/replay';
import type { ExportMock } from '../../../shared/recordingExport';
import { bugRequestsLine, commentSafe, errorMatcherLines, headerLines } from './checkCode';
import { CYPRESS_FRAMES_NOTE, cypressStep } from './cypressSteps';
import { framePath } from './framePath';
import { jsLiteral } from './jsLiteral';
import type { RegressionChecks } from './regressionChecks';
import type { Additions } from './wrappedExtension';

const lines = (out: LineWriter, text: string[]) => text.forEach((line) => out.appendLine(line));

/** Our lines inside @cypress/chrome-recorder's `it(…)`: intercepts and console spy first, the checks last. */
export function cypressAdditions(context: {
  recordingId: string;
  title: string;
  checks: RegressionChecks;
  secretEnv: string[];
  mocks: ExportMock[];
  /** @cypress/chrome-recorder's Recorder key → Cypress `{key}` table. */
  keys: Record<string, string>;
  /** Frame paths that were another origin than the top page when recorded. */
  crossOriginFrames: readonly number[][];
}): Additions {
  const { recordingId, title, checks, secretEnv, mocks, keys, crossOriginFrames } = context;
  return {
    step: cypressStep(
      checks.origin,
      { base: 'baseURL', env: (name) => `Cypress.env(${jsLiteral(name)})` },
      { keys, crossOriginFrames },
    ),
    header: (out, flow) => {
      lines(out, headerLines(recordingId, title, checks, secretEnv, 'as CYPRESS_<name> (Cypress.env)'));
      lines(out, ['// An uncaught error in the page fails a Cypress test by itself.']);
      if (flow.steps.some((step) => framePath((step as { frame?: unknown }).frame).length))
        lines(out, CYPRESS_FRAMES_NOTE);
      out.appendLine('');
      out.appendLine(`const baseURL = Cypress.env('BASE_URL') ?? ${jsLiteral(checks.origin ?? 'http://localhost')};`);
      lines(out, errorMatcherLines(checks));
      lines(out, bugRequestsLine(checks, 'baseURL'));
      out.appendLine('');
    },
    preamble: (out) => {
      if (checks.requests.length)
        out.appendLine(
          'bugRequests.forEach((request, index) => cy.intercept({ method: request.method, url: request.url }).as(`bugRequest${index}`));',
        );
      if (checks.errors.length)
        lines(out, [
          '/** @type {string[]} */',
          'const seenErrors = [];',
          "cy.on('window:before:load', (win) => {",
          '  const original = win.console.error;',
          '  win.console.error = (...args) => (seenErrors.push(args.map(String).join(" ")), original.apply(win.console, args));',
          '});',
        ]);
      for (const mock of mocks) {
        const matcher = mock.method
          ? `{ method: ${jsLiteral(mock.method.toUpperCase())}, url: ${jsLiteral(mock.url)} }`
          : jsLiteral(mock.url);
        const answer = [`statusCode: ${mock.status}`];
        if (mock.headers) answer.push(`headers: ${jsLiteral(mock.headers)}`);
        if (mock.body !== undefined) answer.push(`body: ${jsLiteral(mock.body)}`);
        out.appendLine(`cy.intercept(${matcher}, { ${answer.join(', ')} });`);
      }
    },
    checks: (out) => {
      out.appendLine("// Regression checks: the bug's failed requests and errors must not come back.");
      checks.requests.forEach((request, index) =>
        out.appendLine(
          `cy.wait('@bugRequest${index}').its('response.statusCode').should('be.lessThan', 400); // the bug: ${commentSafe(request.was)}`,
        ),
      );
      if (checks.errors.length)
        out.appendLine(
          'cy.wrap(seenErrors).should((errors) => expect(errors.filter(isBugError), "the bug\'s errors").to.deep.equal([]));',
        );
      const css = checks.visible?.selectors.find(
        (group) => group.length === 1 && !/^(aria|text|xpath|pierce)\//.test(group[0]!),
      );
      if (css)
        out.appendLine(`cy.get(${jsLiteral(css[0])}).should('be.visible'); // ${commentSafe(checks.visible!.what)}`);
    },
  };
}
