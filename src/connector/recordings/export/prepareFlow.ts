import { SECRET_PATTERN, type RecorderFlow, type RecorderStep } from '../../../shared/recording';

/** Stands for the base URL inside a literal until the writer turns it into code. */
export const BASE_TOKEN = '__BD_BASE_URL__';
const SECRET_TOKEN = /__BD_SECRET_(\w+?)__/;

/** The environment variable a test reads for a secret typed while recording. */
export function secretEnvName(key: string): string {
  return `BROWSER_DEBUG_SECRET_${key.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export interface PreparedFlow {
  /** A copy: navigations on the recorded origin start with BASE_TOKEN, secrets are tokens. */
  flow: RecorderFlow;
  secretEnv: string[];
}

/**
 * Readies a flow for a converter: the converters write literals, so the recorded origin and each
 * `{{secret:NAME}}` become tokens that {@link rewriteLiterals} turns into code (a base URL, an env var).
 * The flow holds placeholders only: a secret's value never reaches an export.
 */
export function prepareFlow(flow: RecorderFlow, origin: string | undefined, title = flow.title): PreparedFlow {
  const secretEnv = new Set<string>();
  const rebase = (url: unknown) =>
    origin && typeof url === 'string' && (url === origin || url.startsWith(`${origin}/`))
      ? BASE_TOKEN + (url.slice(origin.length) || '/')
      : url;
  const steps = flow.steps.map((original): RecorderStep => {
    const step: RecorderStep = structuredClone(original);
    if (step.type === 'navigate') step.url = rebase(step.url);
    if (Array.isArray(step.assertedEvents))
      step.assertedEvents = step.assertedEvents.map((event: Record<string, unknown>) => ({
        ...event,
        ...(event.url === undefined ? {} : { url: rebase(event.url) }),
      }));
    if (typeof step.value === 'string') {
      const key = [...step.value.matchAll(SECRET_PATTERN)][0]?.[1];
      if (key) {
        secretEnv.add(secretEnvName(key));
        step.value = `__BD_SECRET_${key.replace(/\W/g, '_')}__`;
      }
    }
    return step;
  });
  return { flow: { ...structuredClone(flow), title, steps }, secretEnv: [...secretEnv] };
}

/** How one runner spells the base URL and an env var. */
export interface Spelling {
  base: string;
  env(name: string): string;
  /** A correction of the converter's own line, if any. */
  fix?(line: string): string;
}

/** Turns token literals in a generated line into code: `'__BD_BASE_URL__/x'` → `baseURL + '/x'`. */
export function rewriteLiterals(line: string, spelling: Spelling): string {
  return (spelling.fix?.(line) ?? line)
    .replace(/(['"`])__BD_BASE_URL__(.*?)\1/g, (_all, quote: string, rest: string) =>
      rest === '/' || rest === '' ? spelling.base : `${spelling.base} + ${quote}${rest}${quote}`,
    )
    .replace(new RegExp(`(['"\`])${SECRET_TOKEN.source}\\1`, 'g'), (_all, _quote, key: string) =>
      spelling.env(secretEnvName(key)),
    );
}
