import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The statics of intl-messageformat's class that Lighthouse's i18n calls for every string it makes. */
interface MessageFormatClass {
  resolveLocale(locales: string | string[]): unknown;
  __parse?: (message: string, options: Record<string, unknown>) => unknown;
}

/** Past this many distinct messages the parse cache stops growing (Lighthouse has about 2,000). */
const MAX_PARSED = 10_000;

const patched = new WeakSet<object>();

/**
 * Lighthouse formats every UI string it creates (each audit's title and description, each
 * `displayValue`, at config time and again while auditing) with a new `IntlMessageFormat`, which
 * resolves the locale through `Intl.NumberFormat.supportedLocalesOf` and parses the message again. A
 * CPU profile of a four-category audit put 0.5–0.7 s of a run there. Both are pure functions of their
 * arguments, so the class's own statics are wrapped with caches: the same locale object and the same
 * (read-only) message AST come back, and every string Lighthouse makes is the same as before.
 *
 * `lighthouseDir` is the folder of Lighthouse's entry (`core/`): the cache goes on the copy that
 * Lighthouse itself imports. Returns false when that copy is not found (nothing is changed).
 */
export function cacheMessageFormat(lighthouseDir: string): boolean {
  let exported: { IntlMessageFormat?: MessageFormatClass } & Partial<MessageFormatClass>;
  try {
    // Resolved as Lighthouse's shared/localization/format.js resolves it (a CommonJS package, one instance).
    exported = createRequire(join(lighthouseDir, '..', 'shared', 'localization', 'format.js'))('intl-messageformat');
  } catch {
    return false;
  }
  const format = (exported.IntlMessageFormat ?? exported) as MessageFormatClass;
  if (typeof format.resolveLocale !== 'function' || patched.has(format)) return patched.has(format);
  patched.add(format);
  const resolveLocale = format.resolveLocale.bind(format);
  const locales = new Map<string, unknown>();
  format.resolveLocale = (wanted) => {
    const key = typeof wanted === 'string' ? wanted : wanted.join('\u0000');
    if (!locales.has(key)) locales.set(key, resolveLocale(wanted));
    return locales.get(key);
  };
  const parse = format.__parse;
  if (parse) {
    // By locale and `ignoreTag` (all Lighthouse passes), then by message; other options are not cached.
    const parsed = new Map<string, Map<string, unknown>>();
    let size = 0;
    format.__parse = (message, options) => {
      for (const key in options) if (key !== 'ignoreTag' && key !== 'locale') return parse(message, options);
      const variant = `${options.ignoreTag === true}${String(options.locale)}`;
      let byMessage = parsed.get(variant);
      if (!byMessage) parsed.set(variant, (byMessage = new Map()));
      let ast = byMessage.get(message);
      if (ast === undefined) {
        ast = parse(message, options);
        if (size++ < MAX_PARSED) byMessage.set(message, ast);
      }
      return ast;
    };
  }
  return true;
}
