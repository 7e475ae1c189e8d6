import { StringifyExtension, type LineWriter, type Schema } from '@puppeteer/replay';
import { repeatedSteps } from '../../../shared/leaks';
import type { RecorderStep } from '../../../shared/recording';
import type { ExportMock } from '../../../shared/recordingExport';
import { bugRequestsLine, commentSafe, errorMatcherLines, fulfillLiteral, headerLines } from './checkCode';
import { framePath, hasFrameSteps } from './framePath';
import { jsLiteral } from './jsLiteral';
import { PLAYWRIGHT_FRAME_HELPER, playwrightImport, playwrightScope } from './playwrightFrames';
import { basePath, secretEnvOf } from './prepareFlow';
import { closeLeakLoop, openLeakLoop } from './playwrightLeakCheck';
import { playwrightLocator } from './playwrightSelectors';
import type { RegressionChecks } from './regressionChecks';

type Step = Schema.Step & Record<string, unknown>;

const BUTTONS: Record<string, string> = { secondary: 'right', auxiliary: 'middle' };

/**
 * A `@playwright/test` spec from a Recorder flow, through @puppeteer/replay's stringify: the steps
 * with Playwright's locators, then the regression checks. Anything Playwright cannot say stays a comment.
 */
export class PlaywrightStringifyExtension extends StringifyExtension {
  /** With a leak check: the index of the first step the loop repeats, and how many steps came so far. */
  private loopFrom = -1;
  private stepIndex = 0;

  constructor(
    private readonly context: {
      recordingId: string;
      checks: RegressionChecks;
      secretEnv: string[];
      mocks: ExportMock[];
      /** Loops of the leak assertion, when asked for. */
      leakCheck?: number;
    },
  ) {
    super();
  }

  override async beforeAllSteps(out: LineWriter, flow: Schema.UserFlow): Promise<void> {
    const { recordingId, checks, secretEnv, mocks, leakCheck } = this.context;
    const steps = flow.steps as unknown as RecorderStep[];
    if (leakCheck) this.loopFrom = steps.length - repeatedSteps(steps).length;
    out.appendLine(playwrightImport(flow)).appendLine('');
    for (const line of headerLines(recordingId, flow.title, checks, secretEnv, 'in the environment'))
      out.appendLine(line);
    out.appendLine(`const baseURL = process.env.BASE_URL ?? ${jsLiteral(checks.origin ?? 'http://localhost')};`);
    out.appendLine('test.use({ baseURL });').appendLine('');
    for (const line of errorMatcherLines(checks, true)) out.appendLine(line);
    for (const line of bugRequestsLine(checks, 'baseURL')) out.appendLine(line);
    out.appendLine('');
    out.appendLine('/** A Recorder `change`: a <select> takes the option, any other field the text. */');
    out.appendLine('async function change(locator: Locator, value: string): Promise<void> {').startBlock();
    out.appendLine(
      'if (await locator.evaluate((element) => element instanceof HTMLSelectElement)) await locator.selectOption(value);',
    );
    out.appendLine('else await locator.fill(value);');
    out.endBlock().appendLine('}').appendLine('');
    if (hasFrameSteps(flow)) for (const line of [...PLAYWRIGHT_FRAME_HELPER, '']) out.appendLine(line);
    out.appendLine(`test(${jsLiteral(flow.title)}, async ({ page }) => {`).startBlock();
    if (flow.timeout) out.appendLine(`page.setDefaultTimeout(${flow.timeout});`);
    if (checks.errors.length) {
      out.appendLine('const seenErrors: string[] = [];');
      out.appendLine("page.on('pageerror', (error) => seenErrors.push(error.message));");
      out.appendLine(
        "page.on('console', (message) => void (message.type() === 'error' && seenErrors.push(message.text())));",
      );
    }
    if (checks.requests.length) {
      out.appendLine('const answers: { method: string; url: string; status: number }[] = [];');
      out.appendLine('const urlOf = (url: string) => url.split(/[?#]/)[0];');
      out.appendLine(
        "page.on('response', (response) => answers.push({ method: response.request().method(), url: urlOf(response.url()), status: response.status() }));",
      );
      out.appendLine(
        "page.on('requestfailed', (request) => answers.push({ method: request.method(), url: urlOf(request.url()), status: 0 }));",
      );
    }
    for (const mock of mocks) {
      const answer = `route.fulfill(${fulfillLiteral(mock)})`;
      const handler = mock.method
        ? `(route) => (route.request().method() === ${jsLiteral(mock.method.toUpperCase())} ? ${answer} : route.fallback())`
        : `(route) => ${answer}`;
      out.appendLine(`await page.route(${jsLiteral(mock.url)}, ${handler});`);
    }
    out.appendLine('');
  }

  override async stringifyStep(out: LineWriter, raw: Schema.Step): Promise<void> {
    const step = raw as Step;
    if (this.stepIndex++ === this.loopFrom) openLeakLoop(out, this.context.leakCheck!);
    const frame = framePath(step.frame);
    // Elements in a frame through its FrameLocator, found by frame order; an expression runs in the Frame itself.
    const scope = playwrightScope(frame);
    const frameScope = frame.length
      ? `page.mainFrame()${frame.map((index) => `.childFrames()[${index}]!`).join('')}`
      : 'page';
    const target = () => playwrightLocator(step.selectors, scope);
    const offset = typeof step.offsetX === 'number' ? `position: { x: ${step.offsetX}, y: ${step.offsetY} }` : '';
    switch (step.type) {
      case 'setViewport':
        return void out.appendLine(`await page.setViewportSize({ width: ${step.width}, height: ${step.height} });`);
      case 'navigate':
        return void out.appendLine(`await page.goto(${urlLiteral(String(step.url), this.context.checks.origin)});`);
      case 'click':
      case 'doubleClick': {
        const options = [
          offset,
          step.button && BUTTONS[step.button as string] ? `button: '${BUTTONS[step.button as string]}'` : '',
          step.duration ? `delay: ${step.duration}` : '',
        ].filter(Boolean);
        const verb = step.type === 'click' ? 'click' : 'dblclick';
        return void out.appendLine(`await ${target()}.${verb}(${options.length ? `{ ${options.join(', ')} }` : ''});`);
      }
      case 'hover':
        return void out.appendLine(`await ${target()}.hover();`);
      case 'change':
        return void out.appendLine(`await change(${target()}, ${valueLiteral(String(step.value))});`);
      case 'keyDown':
      case 'keyUp':
        return void out.appendLine(
          `await page.keyboard.${step.type === 'keyDown' ? 'down' : 'up'}(${jsLiteral(step.key)});`,
        );
      case 'scroll':
        return void out.appendLine(
          step.selectors
            ? `await ${target()}.evaluate((element, [x, y]) => element.scrollTo(x, y), [${step.x ?? 0}, ${step.y ?? 0}]);`
            : `await page.evaluate(([x, y]) => window.scrollTo(x, y), [${step.x ?? 0}, ${step.y ?? 0}]);`,
        );
      case 'waitForElement':
        return void out.appendLine(waitForElement(step, target()));
      case 'waitForExpression':
        return void out.appendLine(`await ${frameScope}.waitForFunction(${jsLiteral(step.expression)});`);
      case 'close':
        return void out.appendLine('await page.close();');
      default:
        return void out.appendLine(
          `// Step ${commentSafe(step.type)} has no Playwright equivalent here: ${commentSafe(jsLiteral(step).slice(0, 200))}`,
        );
    }
  }

  override async afterAllSteps(out: LineWriter): Promise<void> {
    const { checks } = this.context;
    if (this.loopFrom >= 0 && this.stepIndex > this.loopFrom) closeLeakLoop(out);
    out.appendLine('').appendLine("// Regression checks: the bug's failed requests and errors must not come back.");
    if (checks.requests.length) {
      out.appendLine('for (const request of bugRequests) {').startBlock();
      out.appendLine(
        'const statuses = () => answers.filter((answer) => answer.method === request.method && answer.url === request.url).map((answer) => answer.status);',
      );
      out.appendLine(
        'await expect.poll(() => statuses().length, { message: `${request.method} ${request.url} is requested` }).toBeGreaterThan(0);',
      );
      out.appendLine(
        'expect(statuses().every((status) => status > 0 && status < 400), `${request.method} ${request.url} answers below 400 (the bug: ${request.was}; now: ${statuses().join(", ")})`).toBe(true);',
      );
      out.endBlock().appendLine('}');
    }
    if (checks.errors.length) {
      out.appendLine("await page.waitForLoadState('networkidle');");
      out.appendLine('expect(seenErrors.filter(isBugError), "the bug\'s errors do not come back").toEqual([]);');
    }
    if (checks.visible) {
      out.appendLine(`// The end of the flow: ${commentSafe(checks.visible.what)}.`);
      out.appendLine(`await expect(${playwrightLocator(checks.visible.selectors, 'page')}).toBeVisible();`);
    }
    out.endBlock().appendLine('});');
  }
}

function waitForElement(step: Step, locator: string): string {
  if (step.visible === false) return `await expect(${locator}).toBeHidden();`;
  const count = typeof step.count === 'number' ? step.count : undefined;
  const operator = (step.operator as string | undefined) ?? '==';
  if (count === undefined) return `await expect(${locator}.first()).toBeVisible();`;
  if (operator === '==') return `await expect(${locator}).toHaveCount(${count});`;
  const matcher = operator === '>=' ? 'toBeGreaterThanOrEqual' : 'toBeLessThanOrEqual';
  return `await expect.poll(() => ${locator}.count()).${matcher}(${count});`;
}

/** Navigations on the recorded origin go relative to the base URL (`test.use({ baseURL })`). */
function urlLiteral(url: string, origin: string | undefined): string {
  return jsLiteral(basePath(url, origin) ?? url);
}

function valueLiteral(value: string): string {
  const env = secretEnvOf(value);
  return env ? `process.env.${env} ?? ''` : jsLiteral(value);
}
