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
export function cypressStep(
  origin: string | undefined,
  spelling: Spelling,
  { keys, crossOriginFrames }: { keys: Record<string, string>; crossOriginFrames: readonly number[][] },
) {
  return (out: LineWriter, raw: Schema.Step, flow?: Schema.UserFlow): boolean => {
    const step = raw as Step;
    const target = cypressTarget(step, flow);
    const frame = framePath(step.frame).join(', ');
    if (target && frame && crossOriginFrames.some((path) => path.join(', ') === frame))
      out.appendLine(`// Frame [${frame}] was another origin when recorded: this step needs chromeWebSecurity: false.`);
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
 * `cy.get(…)` for the step's element. In a frame, Cypress's iframe recipe (the frame's body once it has content,
 * wrapped) reached through `window.frames`: the Recorder's indexes are that order (the frame tree's, not the
 * document's), which `cy.get('iframe').eq(…)` would not follow. Cypress reaches same-origin frames only
 * ({@link CYPRESS_FRAMES_NOTE}). In a shadow root, `.shadow().find(…)` for each part after the host (open roots only).
 */
function cypressTarget(step: Step, flow?: Schema.UserFlow): string | undefined {
  const chain = cypressChain(step.selectors, flow);
  if (!chain) return undefined;
  const frame = framePath(step.frame);
  const [first, ...inside] = chain.map((part) => jsLiteral(part.startsWith('pierce/') ? part.slice(7) : part));
  const start = frame.length
    ? `cy.window().its(${jsLiteral(cypressFrameBody(frame))}).should('not.be.empty').then(cy.wrap).find(${first})`
    : `cy.get(${first})`;
  return inside.reduce((code, part) => `${code}.shadow().find(${part})`, start);
}

/** The `its` path from the top window to the body of the frame at a Recorder `frame` path. */
export function cypressFrameBody(frame: number[]): string {
  return `${frame.map((index) => `frames.${index}`).join('.')}.document.body`;
}

/** Said once in a spec with steps in frames: what Cypress reaches there, from its Web Security guide. */
export const CYPRESS_FRAMES_NOTE = [
  '// Steps in frames: Cypress reaches a same-origin frame through window.frames (the recorded frame indexes).',
  '// A cross-origin frame (a payment form on another site) is out of its reach unless cypress.config sets',
  '// chromeWebSecurity: false (Chrome-family browsers only); cy.origin() is for top-level navigations, not frames.',
];

function skipped(step: Step): string {
  return `// Step ${commentSafe(step.type)} has no selector Cypress can use (ARIA only): adjust it by hand.`;
}
