import { StringifyExtension, type LineWriter, type Schema } from '@puppeteer/replay';

/** What an export adds around a maintained converter's output. */
export interface Additions {
  /** Lines written before the converter's preamble (a header comment). */
  header(out: LineWriter, flow: Schema.UserFlow): void;
  /** Lines after the converter's preamble, before the first step (listeners, mocks, constants). */
  preamble(out: LineWriter, flow: Schema.UserFlow): void;
  /** Lines before a step's own (a wait the converter does not write). */
  beforeStep?(out: LineWriter, step: Schema.Step): void;
  /**
   * Our own writer for the steps whose text needs code (the base URL, a secret from the environment) or
   * that the converter would write unencoded: true when it wrote the step, false to let the converter.
   */
  step(out: LineWriter, step: Schema.Step, flow?: Schema.UserFlow): boolean;
  /** Lines after the last step, before the converter closes the test. */
  checks(out: LineWriter): void;
}

/**
 * Runs a maintained converter (Puppeteer's built-in extension, @cypress/chrome-recorder) through its
 * extension hooks and adds our lines and step writers there. Nothing it writes is edited afterwards:
 * the whole text is audited instead (auditExport.ts).
 */
export class WrappedExtension extends StringifyExtension {
  constructor(
    private readonly inner: StringifyExtension,
    private readonly additions: Additions,
  ) {
    super();
  }

  override async beforeAllSteps(out: LineWriter, flow: Schema.UserFlow): Promise<void> {
    this.additions.header(out, flow);
    await this.inner.beforeAllSteps?.(out, flow);
    this.additions.preamble(out, flow);
  }

  override async beforeEachStep(out: LineWriter, step: Schema.Step, flow?: Schema.UserFlow): Promise<void> {
    await this.inner.beforeEachStep?.(out, step, flow);
    this.additions.beforeStep?.(out, step);
  }

  override async stringifyStep(out: LineWriter, step: Schema.Step, flow?: Schema.UserFlow): Promise<void> {
    if (!this.additions.step(out, step, flow)) await this.inner.stringifyStep(out, step, flow);
  }

  override async afterEachStep(out: LineWriter, step: Schema.Step, flow?: Schema.UserFlow): Promise<void> {
    await this.inner.afterEachStep?.(out, step, flow);
  }

  override async afterAllSteps(out: LineWriter, flow: Schema.UserFlow): Promise<void> {
    this.additions.checks(out);
    await this.inner.afterAllSteps?.(out, flow);
  }
}
