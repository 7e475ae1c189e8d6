/**
 * How hard @medv/finder looks for a short selector, the same in the recorder and in-page code. Bounded by the
 * number of candidates it checks, so the answer does not depend on how busy the machine is (a 200 ms budget gave
 * a full path instead of `button:nth-of-type(2)` on a loaded machine); the time cap only stops a pathological page.
 */
export const FINDER_BUDGET = { maxNumberOfPathChecks: 300, timeoutMs: 2000 } as const;

/** Ids that look generated (React's :r1:, digit runs) change between loads; finder's own test skips most. */
export const UNSTABLE_ID = /^:|\d{4,}|^[0-9]/;
