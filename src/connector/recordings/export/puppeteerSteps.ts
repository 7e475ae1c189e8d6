import { selectorToPElementSelector, type LineWriter, type Schema } from '@puppeteer/replay';
import { jsLiteral } from './jsLiteral';
import { secretEnvOf, urlCode, valueCode, type Spelling } from './prepareFlow';

type Step = Schema.Step & Record<string, unknown>;

/**
 * Our writer for the Puppeteer steps that need code in place of a literal: every navigation (its URL may be
 * on the base URL) and a `change` that types a secret (read from the environment). The shape is the
 * converter's own: a block with `targetPage` (and `frame`), so the steps read alike.
 */
export function puppeteerStep(origin: string | undefined, spelling: Spelling) {
  return (out: LineWriter, raw: Schema.Step): boolean => {
    const step = raw as Step;
    const secret = step.type === 'change' && secretEnvOf(step.value) !== undefined;
    if (step.type !== 'navigate' && !secret) return false;
    out.appendLine('{').startBlock();
    if (typeof step.timeout === 'number') out.appendLine(`const timeout = ${step.timeout};`);
    context(out, step);
    if (step.type === 'navigate')
      out.appendLine(`await targetPage.goto(${urlCode(String(step.url), origin, spelling)});`);
    else fill(out, step, valueCode(String(step.value), spelling));
    out.endBlock().appendLine('}');
    return true;
  };
}

/** `targetPage` (and `frame`), as the converter declares them. */
function context(out: LineWriter, step: Step): void {
  const target = typeof step.target === 'string' ? step.target : 'main';
  if (target === 'main') out.appendLine('const targetPage = page;');
  else
    out
      .appendLine(`const target = await browser.waitForTarget(t => t.url() === ${jsLiteral(target)}, { timeout });`)
      .appendLine('const targetPage = await target.page();')
      .appendLine('targetPage.setDefaultTimeout(timeout);');
  if (!Array.isArray(step.frame) || !step.frame.length) return;
  out.appendLine('let frame = targetPage.mainFrame();');
  for (const index of step.frame as unknown[]) out.appendLine(`frame = frame.childFrames()[${Number(index)}];`);
}

/** A `fill` on the first of the step's locators to appear, waiting for its asserted navigation. */
function fill(out: LineWriter, step: Step, value: string): void {
  const scope = Array.isArray(step.frame) && step.frame.length ? 'frame' : 'targetPage';
  const navigations = Array.isArray(step.assertedEvents) ? step.assertedEvents.length : 0;
  if (navigations) {
    out.appendLine('const promises = [];');
    out.appendLine(
      `const startWaitingForEvents = () => { ${`promises.push(${scope}.waitForNavigation()); `.repeat(navigations)}};`,
    );
  }
  const groups = Array.isArray(step.selectors) ? (step.selectors as (string | string[])[]) : [];
  const locators = groups.map((group) => `${scope}.locator(${jsLiteral(selectorToPElementSelector(group))})`);
  out.appendLine(`await puppeteer.Locator.race([${locators.join(', ')}])`).startBlock();
  out.appendLine('.setTimeout(timeout)');
  if (navigations) out.appendLine(".on('action', () => startWaitingForEvents())");
  out.appendLine(`.fill(${value});`).endBlock();
  if (navigations) out.appendLine('await Promise.all(promises);');
}
