/** Requests per 60 s window. Anonymous callers are counted per client address at the free limit. */
export const TIER_LIMITS = { free: 100, pro: 1000, enterprise: 10_000 } as const;
export type Tier = keyof typeof TIER_LIMITS;
export const ANONYMOUS_LIMIT = TIER_LIMITS.free;
export const WINDOW_SECONDS = 60;

/** An account's own `rate_limit` (set by the operator, e.g. for enterprise) wins over its tier's. */
export function limitFor(tier: string, custom: number | null | undefined): number {
  if (custom !== null && custom !== undefined && custom > 0) return custom;
  return TIER_LIMITS[tier as Tier] ?? TIER_LIMITS.free;
}
