/**
 * `inpage:NAME` is browser-extension/src/inPage/NAME.ts bundled by scripts/inPageSource.mjs into one
 * JavaScript expression whose value is that module's exports, for source evaluated inside the page.
 */
declare module 'inpage:*' {
  const source: string;
  export default source;
}
