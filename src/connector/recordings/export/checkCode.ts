import type { ExportMock } from '../../../shared/recordingExport';
import { jsLiteral } from './jsLiteral';
import type { RegressionChecks } from './regressionChecks';

/**
 * Runner-neutral pieces of the regression checks, as JavaScript lines: the bug's errors and how a
 * message is compared with them (the verdict's own normalisation, so a test and a replay agree).
 */
export function errorMatcherLines(checks: RegressionChecks, typescript = false): string[] {
  if (!checks.errors.length) return [];
  const type = (annotation: string) => (typescript ? annotation : '');
  // In JavaScript, the same types as JSDoc, for a project that type-checks its tests (checkJs, strict).
  const jsDoc = typescript ? [] : ['/** @param {string} message */'];
  return [
    "// The bug's errors, compared as the replay verdict compares them: line:column and long numbers ignored.",
    `const bugErrors${type(': string[]')} = ${jsLiteral(checks.errors)};`,
    ...jsDoc,
    `const errorKey = (message${type(': string')}) =>`,
    '  message',
    "    .replace(/\\s+/g, ' ')",
    "    .replace(/:\\d+:\\d+/g, '')",
    "    .replace(/0x[0-9a-f]+|\\b[0-9a-f]{8,}\\b|\\d{5,}/gi, '#')",
    '    .trim()',
    '    .slice(0, 200);',
    ...jsDoc,
    `const isBugError = (message${type(': string')}) => {`,
    '  const key = errorKey(message);',
    '  return key !== "" && bugErrors.some((bug) => bug.includes(key) || key.includes(bug));',
    '};',
  ];
}

/** The requests that failed in the bug, as `{method, url, was}` with url relative to the base when it was. */
export function bugRequestsLine(checks: RegressionChecks, base: string): string[] {
  if (!checks.requests.length) return [];
  const items = checks.requests.map(
    (request) =>
      `{ method: ${jsLiteral(request.method)}, url: ${request.sameOrigin ? `${base} + ${jsLiteral(request.url)}` : jsLiteral(request.url)}, was: ${jsLiteral(request.was)} }`,
  );
  return [
    '// Requests that failed in the bug: each must now answer below 400.',
    `const bugRequests = [${items.join(', ')}];`,
  ];
}

/** A Playwright-style URL glob as a RegExp source matching the whole URL (written as `new RegExp("…")`). */
export function globToRegExpSource(glob: string): string {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^/]*';
    else source += char.replace(/[.+?^${}()|[\]\\/]/g, '\\$&');
  }
  return `^${source}$`;
}

/** A mock's answer as an object literal: Playwright's `fulfill` and Puppeteer's `respond` take the same fields. */
export function fulfillLiteral(mock: ExportMock): string {
  const fields = [`status: ${mock.status}`];
  if (mock.headers && Object.keys(mock.headers).length) fields.push(`headers: ${jsLiteral(mock.headers)}`);
  if (mock.body !== undefined) fields.push(`body: ${jsLiteral(mock.body)}`);
  return `{ ${fields.join(', ')} }`;
}

/**
 * Text made safe inside a `//` comment: a line break (JavaScript also ends lines at U+2028 and U+2029) in a
 * title or step would otherwise put live code into the test.
 */
export function commentSafe(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]/g, ' ');
}

/** The header comment every export starts with: where it came from, what it checks, what it reads. */
export function headerLines(
  recordingId: string,
  title: string,
  checks: RegressionChecks,
  secretEnv: string[],
  envHow: string,
): string[] {
  const lines = [
    `Regression test exported by Browser Debug from recording ${recordingId} (${jsLiteral(title)}).`,
    `Checks drawn from ${checks.source}.`,
    `Base URL: ${checks.origin ?? '(none recorded)'} unless BASE_URL is set.`,
  ];
  for (const name of secretEnv) lines.push(`Secret: set ${name} ${envHow}; the recorded value is never written here.`);
  return lines.map((line) => `// ${commentSafe(line)}`);
}
