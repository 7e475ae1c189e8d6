/**
 * Makes a start-up that stalls fail loudly. If the event loop empties before `done()` (some awaited
 * promise can never settle), the process would exit 0 in silence; instead it prints why and exits 1.
 */
export function guardStartup(
  what: string,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): { done(): void } {
  const onBeforeExit = () => {
    process.off('beforeExit', onBeforeExit);
    write(
      `${what} could not start: start-up stalled with nothing left to wait for (this is a bug; please report it with the log above).`,
    );
    process.exitCode = 1;
  };
  process.on('beforeExit', onBeforeExit);
  return { done: () => process.off('beforeExit', onBeforeExit) };
}
