import type { Acting } from './acting';

/** The longest wait for a document to draw: a page busy in a long task is then acted on as it is. */
const DRAW_CAP_MS = 500;

/**
 * Two animation frames: after the second, the frame drawn after the first (with the scroll) has reached the
 * browser. A hidden document draws nothing, so it is not waited for (a background tab not kept visible).
 */
const TWO_FRAMES = `new Promise((done) => {
  if (document.visibilityState !== 'visible') return done(false);
  requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
})`;

/** Resolves once each document has drawn a frame, or after DRAW_CAP_MS. */
export async function framesDrawn(documents: Acting[]): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const capped = new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAW_CAP_MS)));
  const drawn = documents.map((doc) =>
    doc
      .send('Runtime.evaluate', { expression: TWO_FRAMES, awaitPromise: true, returnByValue: true, silent: true })
      .catch(() => undefined),
  );
  await Promise.race([Promise.all(drawn), capped]);
  clearTimeout(timer);
}
