import { selectorToPElementSelector, type LineWriter } from '@puppeteer/replay';
import type { ExportMock } from '../../../shared/recordingExport';
import {
  bugRequestsLine,
  commentSafe,
  errorMatcherLines,
  fulfillLiteral,
  globToRegExpSource,
  headerLines,
} from './checkCode';
import { jsLiteral } from './jsLiteral';
import { hasFrameSteps } from './framePath';
import { FRAME_HELPER, frameWait } from './puppeteerFrames';
import { puppeteerStep } from './puppeteerSteps';
import type { RegressionChecks } from './regressionChecks';
import type { Additions } from './wrappedExtension';

const lines = (out: LineWriter, text: string[]) => text.forEach((line) => out.appendLine(line));

/** Our lines around Puppeteer's own script: listeners and mocks after its set-up, the checks before it closes the browser. */
export function puppeteerAdditions(context: {
  recordingId: string;
  title: string;
  checks: RegressionChecks;
  secretEnv: string[];
  mocks: ExportMock[];
}): Additions {
  const { recordingId, title, checks, secretEnv, mocks } = context;
  return {
    step: puppeteerStep(checks.origin, { base: 'baseURL', env: (name) => `process.env.${name} ?? ''` }),
    header: (out) => lines(out, [...headerLines(recordingId, title, checks, secretEnv, 'in the environment'), '']),
    beforeStep: frameWait,
    preamble: (out, flow) => {
      out.appendLine(`const baseURL = process.env.BASE_URL ?? ${jsLiteral(checks.origin ?? 'http://localhost')};`);
      if (hasFrameSteps(flow)) lines(out, FRAME_HELPER);
      lines(out, errorMatcherLines(checks));
      if (checks.errors.length)
        lines(out, [
          'const seenErrors = [];',
          "page.on('pageerror', (error) => seenErrors.push(error.message));",
          "page.on('console', (message) => void (message.type() === 'error' && seenErrors.push(message.text())));",
        ]);
      lines(out, bugRequestsLine(checks, 'baseURL'));
      if (checks.requests.length)
        lines(out, [
          'const answers = [];',
          'const urlOf = (url) => url.split(/[?#]/)[0];',
          "page.on('response', (response) => answers.push({ method: response.request().method(), url: urlOf(response.url()), status: response.status() }));",
          "page.on('requestfailed', (request) => answers.push({ method: request.method(), url: urlOf(request.url()), status: 0 }));",
        ]);
      if (mocks.length) {
        const items = mocks.map(
          (mock) =>
            `{ url: new RegExp(${jsLiteral(globToRegExpSource(mock.url))}), method: ${mock.method ? jsLiteral(mock.method.toUpperCase()) : 'undefined'}, answer: ${fulfillLiteral(mock)} }`,
        );
        lines(out, [
          '// Network mocks of the replay.',
          `const mocks = [${items.join(', ')}];`,
          'await page.setRequestInterception(true);',
          "page.on('request', (request) => {",
          '  const mock = mocks.find((candidate) => candidate.url.test(request.url()) && (!candidate.method || candidate.method === request.method()));',
          '  void (mock ? request.respond(mock.answer) : request.continue());',
          '});',
        ]);
      }
      out.appendLine('');
    },
    checks: (out) => {
      out.appendLine('').appendLine("// Regression checks: the bug's failed requests and errors must not come back.");
      if (checks.requests.length)
        lines(out, [
          'const statusesOf = (request) => answers.filter((answer) => answer.method === request.method && answer.url === request.url).map((answer) => answer.status);',
          'for (const request of bugRequests) {',
          '  for (const end = Date.now() + timeout; !statusesOf(request).length; await new Promise((resolve) => setTimeout(resolve, 50)))',
          '    if (Date.now() > end) throw new Error(`${request.method} ${request.url} was not requested`);',
          '  const statuses = statusesOf(request);',
          '  if (!statuses.every((status) => status > 0 && status < 400))',
          '    throw new Error(`${request.method} ${request.url} answered ${statuses.join(", ")}, not below 400 (the bug: ${request.was})`);',
          '}',
        ]);
      if (checks.errors.length)
        lines(out, [
          'await page.waitForNetworkIdle();',
          'const recurring = seenErrors.filter(isBugError);',
          "if (recurring.length) throw new Error(`The bug's error came back: ${recurring[0]}`);",
        ]);
      if (checks.visible) {
        const race = checks.visible.selectors.map(
          (group) => `page.locator(${jsLiteral(selectorToPElementSelector(group))})`,
        );
        lines(out, [
          `// The end of the flow: ${commentSafe(checks.visible.what)}, visible.`,
          `await puppeteer.Locator.race([${race.join(', ')}]).setTimeout(timeout).wait();`,
        ]);
      }
    },
  };
}
