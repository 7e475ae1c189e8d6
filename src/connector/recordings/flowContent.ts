import { ApiError } from '../../shared/errors';
import type { RecorderFlow, RecorderStep } from '../../shared/recording';

/** Our own placeholders (exports used `__BD_BASE_URL__` and `__BD_SECRET_…__`): never page data. */
const OUR_PLACEHOLDER = /__BD_\w*__/;
/** Line terminators and other controls: a URL never holds them raw. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const URL_CONTROLS = /[\u0000-\u001f\u007f\u2028\u2029]/;
/** Step field names are written as object keys by the converters, unquoted. */
const KEY = /^[A-Za-z_$][\w$]*$/;

/**
 * The string rules a flow meets before it is stored or exported (an imported Recorder JSON, a recorded
 * flow, a file edited on disk): no text of ours, URLs with no line terminators or controls and that parse,
 * and field names that are plain identifiers. Each refusal names the step and the field.
 */
export function checkFlowContent(flow: RecorderFlow): void {
  if (OUR_PLACEHOLDER.test(flow.title)) throw refused('the title', 'holds a Browser Debug placeholder (__BD_…__)');
  flow.steps.forEach((step, index) => checkStep(step, `step ${index + 1} (${String(step.type)})`));
}

function checkStep(step: RecorderStep, where: string): void {
  for (const [path, value] of fieldsOf(step, '')) {
    if (value === BAD_KEY) throw refused(`${where}, field ${JSON.stringify(path)}`, 'is not a plain field name');
    if (typeof value === 'string' && OUR_PLACEHOLDER.test(value))
      throw refused(`${where}, ${path}`, 'holds a Browser Debug placeholder (__BD_…__)');
  }
  const urls: [string, unknown][] = [['url', step.url]];
  if (step.target !== undefined && step.target !== 'main') urls.push(['target', step.target]);
  if (Array.isArray(step.assertedEvents))
    step.assertedEvents.forEach((event: { url?: unknown }, index) =>
      urls.push([`assertedEvents[${index}].url`, event?.url]),
    );
  for (const [path, url] of urls) {
    if (url === undefined) continue;
    if (typeof url !== 'string' || URL_CONTROLS.test(url))
      throw refused(`${where}, ${path}`, 'is not a URL on one line (it holds a line break or a control character)');
    if (!URL.canParse(url))
      throw refused(`${where}, ${path}`, `is not an absolute URL: ${JSON.stringify(url.slice(0, 80))}`);
  }
}

const BAD_KEY = Symbol('bad key');

/** Every leaf below `value` as [path, value]; a key that is not a plain name as [key, BAD_KEY]. */
function* fieldsOf(value: unknown, path: string): Generator<[string, unknown]> {
  if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* fieldsOf(item, `${path}[${index}]`);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (!KEY.test(key)) yield [key, BAD_KEY];
      yield* fieldsOf(item, path ? `${path}.${key}` : key);
    }
  else yield [path, value];
}

function refused(where: string, why: string): ApiError {
  return new ApiError(
    'INVALID_PARAMETER',
    `Invalid recording flow: ${where} ${why}. Recorded text is data and cannot hold that; fix or remove the step and try again.`,
    { parameter: 'flow' },
  );
}
