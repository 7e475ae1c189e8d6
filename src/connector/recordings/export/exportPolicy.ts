import { selectorToPElementSelector } from '@puppeteer/replay';
import type { RecorderFlow } from '../../../shared/recording';
import type { ExportMock } from '../../../shared/recordingExport';
import type { LiteralPolicy } from './auditExport';
import { globToRegExpSource } from './checkCode';
import { cypressFrameBody, cypressSelector } from './cypressSteps';
import { framePath } from './framePath';
import { FIXED_TEXT } from './fixedText';
import { playwrightLocatorValue } from './playwrightSelectors';
import { basePath, secretEnvIn } from './prepareFlow';
import type { RegressionChecks } from './regressionChecks';

/**
 * The strings an export of this recording may hold: every string the recording, its checks and mocks
 * hold, the forms our writers and the converters derive from them (a URL's path on the base URL, a
 * selector in Puppeteer's or Playwright's syntax), and the fixed text of our writers and the converters.
 */
export function literalPolicy(
  flow: RecorderFlow,
  checks: RegressionChecks,
  mocks: readonly ExportMock[],
  /** Fixed text of this format's converter beyond {@link FIXED_TEXT} (Cypress's `{key}` names). */
  extra: readonly string[] = [],
): LiteralPolicy {
  const recorded = new Set<string>(stringsIn([flow, checks, mocks]));
  const add = (value: string | undefined) => value !== undefined && recorded.add(value);
  for (const value of [...recorded]) add(basePath(value, checks.origin));
  for (const step of flow.steps) {
    if (framePath(step.frame).length) add(cypressFrameBody(framePath(step.frame)));
    if (!Array.isArray(step.selectors)) continue;
    add(playwrightLocatorValue(step.selectors));
    add(cypressSelector(step.selectors, flow as never));
    for (const group of step.selectors) add(selectorToPElementSelector(group));
  }
  if (checks.visible) add(playwrightLocatorValue(checks.visible.selectors));
  for (const mock of mocks) {
    add(globToRegExpSource(mock.url));
    add(mock.method?.toUpperCase());
  }
  add(`tests ${flow.title}`);
  checks.requests.forEach((_request, index) => add(`@bugRequest${index}`));
  secretEnvIn(flow).forEach(add);
  return { recorded, fixed: new Set([...FIXED_TEXT, ...extra]) };
}

function stringsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsIn(item, found));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      found.push(key);
      stringsIn(item, found);
    }
  return found;
}
