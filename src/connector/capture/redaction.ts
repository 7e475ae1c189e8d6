import type { StoredEntry } from '../../shared/protocol';
import {
  DEFAULT_REDACTED_HEADERS,
  emptyTally,
  REDACTED,
  redactBody,
  redactHeaderValues,
  redactUrl,
  SECRET_NAME,
  type RedactionTally,
} from '../../shared/redaction';

export { DEFAULT_REDACTED_HEADERS };

export interface RedactionOptions {
  /** Header names blanked besides those SECRET_NAME matches (`browserDebug.network.redactHeaders`). */
  headers: readonly string[];
  /** Keep request, response and frame bodies as sent (`browserDebug.network.fullBodies`); off by default. */
  fullBodies: boolean;
}

/**
 * The connector's one redaction step (rules in src/shared/redaction.ts): the store runs every capture
 * through it before the entry is kept, streamed, journaled or exported. The browser extension blanks
 * the default headers too; this covers every other source, the user's names and the patterns.
 */
export class Redactor {
  private readonly headers: ReadonlySet<string>;

  constructor(private readonly options: RedactionOptions) {
    this.headers = new Set(options.headers.map((name) => name.toLowerCase()));
  }

  get fullBodies(): boolean {
    return this.options.fullBodies;
  }

  /** Blanks the secrets of one capture in place; answers what it blanked. */
  redact(entry: StoredEntry): RedactionTally {
    const tally = emptyTally();
    const record = entry as { url?: unknown };
    if (typeof record.url === 'string') record.url = redactUrl(record.url, tally);
    if (entry.type === 'network-request') {
      redactHeaderValues(entry.requestHeaders, this.headers, tally);
      redactHeaderValues(entry.responseHeaders, this.headers, tally);
      if (!this.options.fullBodies) {
        entry.requestBody = redactBody(entry.requestBody, tally, contentType(entry.requestHeaders));
        entry.responseBody = redactBody(entry.responseBody, tally, contentType(entry.responseHeaders));
      }
    } else if (entry.type === 'websocket') {
      entry.socketUrl = redactUrl(entry.socketUrl, tally);
      if (!this.options.fullBodies) entry.text = redactBody(entry.text, tally);
    }
    return tally;
  }
}

function contentType(headers: Record<string, string> | undefined): string {
  return Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
}

/**
 * What was blanked in these captures, read from the captures themselves (for an export's answer):
 * header names, query parameters and JSON/form keys whose value is REDACTED, with counts.
 */
export function redactedIn(entries: readonly StoredEntry[]): RedactionTally {
  const tally = emptyTally();
  const add = (bucket: Record<string, number>, name: string) => (bucket[name] = (bucket[name] ?? 0) + 1);
  const formValue = encodeURIComponent(REDACTED);
  for (const entry of entries) {
    const texts: (string | undefined)[] = [];
    const urls: string[] = [];
    if (entry.type === 'network-request') {
      for (const headers of [entry.requestHeaders, entry.responseHeaders])
        for (const [name, value] of Object.entries(headers ?? {}))
          if (value === REDACTED) add(tally.headers, name.toLowerCase());
      texts.push(entry.requestBody, entry.responseBody);
      urls.push(entry.url);
    } else if (entry.type === 'websocket') {
      texts.push(entry.text);
      urls.push(entry.socketUrl);
    }
    for (const url of urls)
      for (const match of url.matchAll(/[?&#]([^=&#]+)=([^&#]*)/g))
        if (match[2] === formValue && SECRET_NAME.test(match[1]!)) add(tally.params, safeDecode(match[1]!));
    for (const text of texts) {
      if (!text) continue;
      for (const match of text.matchAll(/"((?:[^"\\]|\\.){1,200})"\s*:\s*"\[redacted\]"/g)) add(tally.keys, match[1]!);
      for (const match of text.matchAll(/(?:^|&)([^=&]+)=%5Bredacted%5D/g)) add(tally.keys, safeDecode(match[1]!));
    }
  }
  return tally;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
