/**
 * The popup's "Connector address": an http(s) URL without query or fragment, kept without its trailing
 * slash. Undefined for an empty field; an error message for anything else.
 */
export function parseConnectorAddress(text: string): { address?: string; error?: string } {
  const trimmed = text.trim();
  if (!trimmed) return {};
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { error: `"${trimmed}" is not a URL: paste the address VS Code shows, e.g. https://host/proxy/3025/.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { error: 'The connector address starts with http:// or https://.' };
  if (url.search || url.hash || url.username || url.password)
    return { error: 'The connector address has no query, fragment or credentials: paste it as VS Code shows it.' };
  return { address: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** The stored setting, parsed again (storage may hold what an older popup wrote); undefined when unusable. */
export function connectorAddress(settings: { connectorAddress?: string }): string | undefined {
  return parseConnectorAddress(settings.connectorAddress ?? '').address;
}
