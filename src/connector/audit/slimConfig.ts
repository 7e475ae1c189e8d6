import type { AuditCategory } from '../../shared/audit';

/** The slice of Lighthouse's default config we rewrite: audits (names or `{path}`) and categories. */
export interface LighthouseConfig {
  audits?: (string | { path: string })[];
  categories?: Record<string, { auditRefs: { id: string }[] }>;
  [key: string]: unknown;
}

/**
 * Audits left out although their category was asked: `bf-cache` (a performance diagnostic of weight 0)
 * navigates the audited page away and back to test the back/forward cache, 0.1–0.3 s a run that no
 * score, metric or opportunity reads.
 */
export const SKIPPED_AUDITS: ReadonlySet<string> = new Set(['bf-cache']);

const auditId = (audit: string | { path: string }) =>
  (typeof audit === 'string' ? audit : audit.path).split('/').pop()!;

/**
 * Lighthouse's default config with only the audits the asked categories use. Lighthouse would resolve
 * all ~180 audits and then drop the others (`onlyCategories`); resolving only these saves 0.2–0.4 s a
 * run and gives the same audits, artifacts and categories (checked for each category and all four).
 */
export function slimConfig(defaultConfig: LighthouseConfig, categories: readonly AuditCategory[]): LighthouseConfig {
  const all = defaultConfig.categories ?? {};
  const wanted = categories.filter((category) => all[category]);
  const kept = (ref: { id: string }) => !SKIPPED_AUDITS.has(ref.id);
  const ids = new Set(wanted.flatMap((category) => all[category]!.auditRefs.filter(kept).map((ref) => ref.id)));
  return {
    ...defaultConfig,
    audits: (defaultConfig.audits ?? []).filter((audit) => ids.has(auditId(audit))),
    categories: Object.fromEntries(
      wanted.map((category) => [category, { ...all[category]!, auditRefs: all[category]!.auditRefs.filter(kept) }]),
    ),
  };
}
