import { parse } from '@puppeteer/replay';
import { ApiError } from '../../shared/errors';
import type { RecorderFlow } from '../../shared/recording';
import { checkFlowContent } from './flowContent';

/**
 * Checks a flow with @puppeteer/replay's own parser, step by step, so an error names the bad step.
 * Returns the flow as the parser reads it (unknown fields dropped).
 */
export function validateFlow(input: unknown): RecorderFlow {
  let flow = input;
  if (typeof flow === 'string') {
    try {
      flow = JSON.parse(flow);
    } catch (error) {
      throw invalidFlow(`the flow is not valid JSON (${(error as Error).message})`);
    }
  }
  if (!flow || typeof flow !== 'object' || Array.isArray(flow))
    throw invalidFlow('the flow must be a JSON object with "title" and "steps", as DevTools Recorder exports it');
  const record = flow as Record<string, unknown>;
  if (typeof record.title !== 'string') throw invalidFlow('the flow has no "title" string');
  if (!Array.isArray(record.steps) || record.steps.length === 0)
    throw invalidFlow('the flow has no "steps" (a non-empty array)');
  record.steps.forEach((step, index) => {
    try {
      parse({ title: record.title, steps: [step] });
    } catch (error) {
      const type = step && typeof step === 'object' ? String((step as { type?: unknown }).type) : typeof step;
      throw invalidFlow(`step ${index + 1} (${type}): ${(error as Error).message}`, index);
    }
  });
  try {
    return parse(flow) as unknown as RecorderFlow;
  } catch (error) {
    throw invalidFlow((error as Error).message);
  }
}

/**
 * A flow from outside (an imported Recorder JSON) or about to become code (an export): validateFlow, then
 * checkFlowContent's string rules. A recording being stopped is only validated, so a page cannot make the
 * developer's recording fail to save; its export is refused instead, with the reason.
 */
export function validateFlowContent(input: unknown): RecorderFlow {
  const flow = validateFlow(input);
  checkFlowContent(flow);
  return flow;
}

function invalidFlow(why: string, stepIndex?: number): ApiError {
  return new ApiError(
    'INVALID_PARAMETER',
    `Invalid recording flow: ${why}. Export the flow from DevTools Recorder as JSON, or fix that step.`,
    {
      parameter: stepIndex === undefined ? 'flow' : `flow.steps[${stepIndex}]`,
      ...(stepIndex === undefined ? {} : { step: stepIndex + 1 }),
    },
  );
}
