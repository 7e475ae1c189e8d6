/** Polls until `check` holds (tests never sleep a fixed time), or fails naming what it waited for. */
export async function until(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
  what = 'condition',
  everyMs = 10,
): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
