/**
 * Remote sharing is opt-in per origin: a capture leaves the machine only when the page it came
 * from matches an entry. Entries are exact origins (`https://app.example.com`) or a wildcard
 * for subdomains (`https://*.example.com`); `http://localhost:*` matches any port.
 */
export function originMatcher(allowed: readonly string[]): (pageUrl: string | undefined) => boolean {
  // URL lower-cases hosts, so the patterns must be too.
  const patterns = allowed.map((entry) => entry.trim().replace(/\/+$/, '').toLowerCase()).filter(Boolean);
  // Asked once per capture, mostly about the same few pages: remember the answers.
  const answers = new Map<string, boolean>();
  return (pageUrl) => {
    if (!pageUrl) return false;
    let answer = answers.get(pageUrl);
    if (answer === undefined) {
      answer = decide(patterns, pageUrl);
      if (answers.size >= MAX_REMEMBERED) answers.delete(answers.keys().next().value!);
      answers.set(pageUrl, answer);
    }
    return answer;
  };
}

const MAX_REMEMBERED = 500;

function decide(patterns: readonly string[], pageUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return false;
  }
  return patterns.some((pattern) => matches(pattern, url));
}

function matches(pattern: string, url: URL): boolean {
  const match = /^(https?):\/\/(\*\.)?([^/:]+)(?::(\d+|\*))?$/.exec(pattern);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  if (url.protocol !== `${scheme}:`) return false;
  const hostOk = wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host;
  const defaultPort = scheme === 'https' ? '443' : '80';
  const portOk = port === '*' || (port ?? defaultPort) === (url.port || defaultPort);
  return hostOk && portOk;
}
