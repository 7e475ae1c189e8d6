import { EDGE_SESSION_ID, LOOPBACK_HOSTS } from '../../../src/shared/remote/edgeRules';
import type { RemoteSaveResult, RemoteSettings } from '../common/messages';

type Checked = { ok: true; settings: RemoteSettings } | Extract<RemoteSaveResult, { ok: false }>;

/**
 * Checks what the options page sends, field by field, and normalises the URL. Empty fields are
 * allowed while remote mode is off, so a half-filled form can be saved.
 */
export function validateRemoteSettings(input: RemoteSettings): Checked {
  const url = input.url.trim();
  const apiKey = input.apiKey.trim();
  const sessionId = input.sessionId.trim();
  const fail = (field: keyof RemoteSettings, error: string): Checked => ({ ok: false, field, error });
  let normalised = '';
  if (url || input.enabled) {
    const checked = checkUrl(url);
    if ('error' in checked) return fail('url', checked.error);
    normalised = checked.url;
  }
  if (input.enabled && !apiKey)
    return fail(
      'apiKey',
      'Paste an API key of your edge account (it starts with bdk_): it enrols this browser the first time.',
    );
  if (apiKey && !apiKey.startsWith('bdk_'))
    return fail(
      'apiKey',
      'This is not an edge API key: those start with bdk_ (POST /auth/register answers the first one).',
    );
  if (!EDGE_SESSION_ID.test(sessionId))
    return fail(
      'sessionId',
      'A session id is 8 to 128 characters of A–Z, a–z, 0–9, _ and -. Press "New" for a fresh one.',
    );
  return {
    ok: true,
    settings: { enabled: input.enabled, url: normalised, apiKey, sessionId, allowScripts: input.allowScripts === true },
  };
}

function checkUrl(text: string): { url: string } | { error: string } {
  if (!text)
    return { error: 'Enter the URL of your edge deployment, e.g. https://browser-debug-edge.example.workers.dev.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `"${text}" is not a URL: write it in full, e.g. https://browser-debug-edge.example.workers.dev.` };
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost');
  if (url.protocol === 'http:' && !loopback)
    return {
      error:
        'Use https://: captures and your token must not cross the network in clear text (http:// is allowed only for localhost, e.g. wrangler dev).',
    };
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { error: `The edge URL must start with https:// (not ${url.protocol}//).` };
  if (url.username || url.password)
    return { error: 'Leave credentials out of the URL: the API key goes in its own field.' };
  if (url.search || url.hash)
    return {
      error:
        'The edge URL takes no query or fragment: give only its address, e.g. https://browser-debug-edge.example.workers.dev.',
    };
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}
