import { StringifyExtension, type LineWriter, type Schema } from '@puppeteer/replay';
import { rewriteLiterals, type Spelling } from './prepareFlow';

/** What an export adds around a maintained converter's output. */
export interface Additions {
  spelling: Spelling;
  /** Lines written before the converter's preamble (a header comment). */
  header(out: LineWriter): void;
  /** Lines after the converter's preamble, before the first step (listeners, mocks, constants). */
  preamble(out: LineWriter): void;
  /** Lines after the last step, before the converter closes the test. */
  checks(out: LineWriter): void;
}

/**
 * Runs a maintained converter (Puppeteer's built-in extension, @cypress/chrome-recorder) and adds our
 * lines at its hooks; its literals pass through {@link rewriteLiterals} (base URL, secrets from env).
 */
export class WrappedExtension extends StringifyExtension {
  constructor(
    private readonly inner: StringifyExtension,
    private readonly additions: Additions,
  ) {
    super();
  }

  override async beforeAllSteps(out: LineWriter, flow: Schema.UserFlow): Promise<void> {
    this.additions.header(out);
    await this.inner.beforeAllSteps?.(this.rewriting(out), flow);
    this.additions.preamble(out);
  }

  override async beforeEachStep(out: LineWriter, step: Schema.Step, flow?: Schema.UserFlow): Promise<void> {
    await this.inner.beforeEachStep?.(this.rewriting(out), step, flow);
  }

  override async stringifyStep(out: LineWriter, step: Schema.Step, flow?: Schema.UserFlow): Promise<void> {
    await this.inner.stringifyStep(this.rewriting(out), step, flow);
  }

  override async afterEachStep(out: LineWriter, step: Schema.Step, flow?: Schema.UserFlow): Promise<void> {
    await this.inner.afterEachStep?.(this.rewriting(out), step, flow);
  }

  override async afterAllSteps(out: LineWriter, flow: Schema.UserFlow): Promise<void> {
    this.additions.checks(out);
    await this.inner.afterAllSteps?.(this.rewriting(out), flow);
  }

  /** The same writer, with each line's token literals turned into code. */
  private rewriting(out: LineWriter): LineWriter {
    const spelling = this.additions.spelling;
    const wrapped: LineWriter = {
      appendLine: (line) => (out.appendLine(rewriteLiterals(line, spelling)), wrapped),
      startBlock: () => (out.startBlock(), wrapped),
      endBlock: () => (out.endBlock(), wrapped),
      getIndent: () => out.getIndent(),
      getSize: () => out.getSize(),
    };
    return wrapped;
  }
}
