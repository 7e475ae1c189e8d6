/**
 * Our browser extension's id. The manifest's `key` (browser-extension/static/manifest.json) fixes it, so
 * an unpacked copy has the same id on every machine and in every folder; a unit test derives it from the
 * key. A store build gets an id of its own: add it with `--extension-ids` or `browserDebug.security.extensionIds`.
 */
export const OUR_EXTENSION_ID = 'papcjkpphcpdofbojkpggdndgppmkkil';

/** Chrome's id rule: the first 128 bits of SHA-256 over the DER public key, as hex digits mapped 0-f → a-p. */
export function extensionIdFromSha256Hex(hex: string): string {
  return [...hex.slice(0, 32)].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
}

/** A Chrome extension id: 32 letters a-p. */
export const EXTENSION_ID_PATTERN = /^[a-p]{32}$/;
