/**
 * Starts a rig's servers at once; each `start` keeps its server on the rig as soon as it is up. Every start is
 * settled before a failure is thrown, so the rig's `after` hook stops all that started (with Promise.all, one
 * still starting when another failed was never kept, and stayed running).
 */
export async function startTogether(starts: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(starts)).find((result) => result.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}
