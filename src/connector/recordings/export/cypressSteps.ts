import type { LineWriter, Schema } from '@puppeteer/replay';
import { commentSafe } from './checkCode';
import { jsLiteral } from './jsLiteral';
import { framePath } from './framePath';
import { urlCode, valueCode, type Spelling } from './prepareFlow';

type Step = Schema.Step & Record<string, unknown>;

/**
 * Our writer for the Cypress steps whose text is a URL, a typed value or a key: @cypress/chrome-recorder
 * writes a click's asserted URL unencoded and keys as `cy.type(…)`, which Cypress does not have, so these
 * steps are ours. Its other steps (double-click, hover, scroll, viewport) are left to it.
 * `keys` is its table of Recorder keys to Cypress's `{name}` keys.
 */
export function cypressStep(origin: string | undefined, spelling: Spelling, keys: Record<string, string>) {
  return (out: LineWriter, raw: Schema.Step, flow?: Schema.UserFlow): boolean => {
    const step = raw as Step;
    const target = cypressTarget(step, flow);
    switch (step.type) {
      case 'navigate':
        out.appendLine(`cy.visit(${urlCode(String(step.url), origin, spelling)});`);
        return true;
      case 'change':
        out.appendLine(target ? `${target}.type(${valueCode(String(step.value), spelling)});` : skipped(step));
        return true;
      case 'click':
        out.appendLine(target ? `${target}.${step.button === 'secondary' ? 'rightclick' : 'click'}();` : skipped(step));
        for (const event of Array.isArray(step.assertedEvents) ? step.assertedEvents : [])
          if (event.type === 'navigation' && typeof event.url === 'string')
            out.appendLine(`cy.location('href').should('eq', ${urlCode(event.url, origin, spelling)});`);
        return true;
      case 'keyDown': {
        const pressed = String(step.key).toLowerCase();
        const key = Object.entries(keys).find(([name]) => name.toLowerCase() === pressed)?.[1];
        if (key) out.appendLine(`cy.focused().type(${jsLiteral(`{${key}}`)});`);
        return true;
      }
      default:
        return false;
    }
  };
}

/**
 * `cy.get(…)` for the step's first non-ARIA selector (Cypress has no ARIA query), preferring the flow's
 * `selectorAttribute` as @cypress/chrome-recorder does; undefined when there is none.
 */
export function cypressSelector(selectors: unknown, flow?: Schema.UserFlow): string | undefined {
  const groups = (Array.isArray(selectors) ? selectors : []).map((group: unknown) =>
    (Array.isArray(group) ? group : [group]).map(String),
  );
  const css = groups.filter((group) => group.length && !group[0]!.includes('aria/'));
  const attribute = flow?.selectorAttribute;
  const preferred = attribute ? css.find((group) => group[0]!.includes(attribute)) : undefined;
  return (preferred ?? css[0])?.[0];
}

/** The whole chain of {@link cypressSelector}'s group: a shadow-root chain has more than one part. */
function cypressChain(selectors: unknown, flow?: Schema.UserFlow): string[] | undefined {
  const first = cypressSelector(selectors, flow);
  const groups = (Array.isArray(selectors) ? selectors : []).map((group: unknown) =>
    (Array.isArray(group) ? group : [group]).map(String),
  );
  return first === undefined ? undefined : groups.find((group) => group[0] === first);
}

/**
 * `cy.get(…)` for the step's element. In a frame, Cypress's iframe recipe (the frame's body, wrapped; it reaches
 * same-origin frames only); in a shadow root, `.shadow().find(…)` for each part after the host (open roots only).
 */
function cypressTarget(step: Step, flow?: Schema.UserFlow): string | undefined {
  const chain = cypressChain(step.selectors, flow);
  if (!chain) return undefined;
  const frame = framePath(step.frame);
  const inFrame = frame.reduce(
    (code, index) =>
      `${code === 'cy' ? 'cy.get' : `${code}.find`}('iframe, frame').eq(${index}).its('0.contentDocument.body').should('not.be.empty').then(cy.wrap)`,
    'cy',
  );
  const [first, ...inside] = chain.map((part) => jsLiteral(part.startsWith('pierce/') ? part.slice(7) : part));
  const start = inFrame === 'cy' ? `cy.get(${first})` : `${inFrame}.find(${first})`;
  return inside.reduce((code, part) => `${code}.shadow().find(${part})`, start);
}

function skipped(step: Step): string {
  return `// Step ${commentSafe(step.type)} has no selector Cypress can use (ARIA only): adjust it by hand.`;
}
