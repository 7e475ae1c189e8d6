/**
 * Maps of eval'd modules (webpack's `eval-*` devtools). Their frames name a bundler URL such as
 * `webpack-internal:///./src/index.js` that no server serves: each module's map is inline in the eval
 * string of the bundle that runs it, next to its `//# sourceURL=`. Pure text work, so it is tested alone.
 */

/** A frame URL of an eval'd module: no fetch can reach it, the bundle that evals it holds its map. */
export function isEvalModuleUrl(url: string): boolean {
  return /^webpack(?:-internal)?:\/\//.test(url);
}

/** The JSON of the inline map of the eval'd module `moduleUrl` in a bundle's text, if the bundle holds it. */
export function evalModuleMap(bundle: string, moduleUrl: string): string | undefined {
  const at = findSourceUrl(bundle, moduleUrl);
  if (at < 0) return undefined;
  const start = bundle.lastIndexOf('eval(', at);
  const pointer = bundle.lastIndexOf('sourceMappingURL=data:', at);
  if (pointer < 0 || pointer < start) return undefined;
  const dataUrl = /^data:[^,]*,[A-Za-z0-9+/=%]*/.exec(bundle.slice(pointer + 'sourceMappingURL='.length, at))?.[0];
  return dataUrl && decodeDataUrl(dataUrl);
}

/** The text a `data:` URL holds, base64 or percent-encoded. */
export function decodeDataUrl(href: string): string {
  const comma = href.indexOf(',');
  const body = href.slice(comma + 1);
  return href.slice(0, comma).endsWith(';base64')
    ? Buffer.from(body, 'base64').toString('utf8')
    : decodeURIComponent(body);
}

/** `sourceURL=<url>` exactly: the next character ends the URL (a `\n` escape, a quote or a newline). */
function findSourceUrl(bundle: string, moduleUrl: string): number {
  const needle = `sourceURL=${moduleUrl}`;
  for (let at = bundle.indexOf(needle); at >= 0; at = bundle.indexOf(needle, at + 1)) {
    const next = bundle.charAt(at + needle.length);
    if (next === '\\' || next === '"' || next === "'" || next === '\n' || next === '') return at;
  }
  return -1;
}

/** The `<script src>` URLs of a page's HTML, resolved against the page. */
export function scriptSources(html: string, pageUrl: string): string[] {
  const out: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)) {
    try {
      out.push(new URL(match[1]!, pageUrl).href);
    } catch {
      // not a URL: skip
    }
  }
  return out;
}
