/**
 * The text our writers and the converters put into a test on their own (not taken from the recording):
 * module names, event names, assertion names, messages, and the regular expressions of the error matcher.
 * auditExport.ts refuses any other literal that no recorded value explains, so a writer that gains a new
 * fixed literal adds it here (the export tests fail until it does).
 */
export const FIXED_TEXT: ReadonlySet<string> = new Set<string>([
  '',
  ' ',
  ', ',
  ')',
  '#',
  'http://localhost',
  // Playwright, Puppeteer, Cypress and their events.
  '@playwright/test',
  'puppeteer',
  'BASE_URL',
  'pageerror',
  'console',
  'error',
  'response',
  'request',
  'requestfailed',
  'networkidle',
  'action',
  'left',
  'middle',
  'right',
  'back',
  'forward',
  'window:before:load',
  'be.visible',
  'be.lessThan',
  'response.statusCode',
  'mouseover',
  'href',
  'eq',
  'bugRequest',
  // Frames (Playwright's frameLocator, Cypress's iframe recipe).
  'iframe, frame',
  'not.be.empty',
  // Messages of our checks (template parts).
  ' answered ',
  ' answers below 400 (the bug: ',
  ' is requested',
  ' was not requested',
  ', not below 400 (the bug: ',
  '; now: ',
  "The bug's error came back: ",
  // Puppeteer's wait for a frame (puppeteerFrames.ts).
  'No frame at path [',
  '] within ',
  ' ms: ',
  "the bug's errors",
  "the bug's errors do not come back",
  // The error matcher's and the request matcher's regular expressions.
  '\\s+',
  ':\\d+:\\d+',
  '0x[0-9a-f]+|\\b[0-9a-f]{8,}\\b|\\d{5,}',
  '[?#]',
  // @puppeteer/replay's waitForElement helper.
  '>=',
  '==',
  '<=',
  'Timed out',
  'Empty selector provided to querySelectorAll',
]);
