import { safeLine } from '../../shared/safeText';

/**
 * Page text as one line of literal Markdown: control, bidi and zero-width characters made visible, every
 * ASCII punctuation mark backslash-escaped (no emphasis, link, image, table cell or autolink can form; a
 * bare `http://` or `www.` no longer autolinks), and `<`, `>`, `&` as entities so no HTML reaches a PR.
 */
export function markdownText(text: string, max = 300): string {
  const line = safeLine(text.length > max ? `${text.slice(0, max)}…` : text);
  return line.replace(/[!-/:-@[-`{-~]/g, (char) => {
    if (char === '<') return '&lt;';
    if (char === '>') return '&gt;';
    if (char === '&') return '&amp;';
    return `\\${char}`;
  });
}
