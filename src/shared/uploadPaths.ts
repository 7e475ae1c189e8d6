/**
 * The browser extension's own check of `upload-file` paths (docs/security.md, "Pairing"): even a
 * proven connector may only hand the page files under the roots it declares, and never a dot file,
 * a file in a dot folder (.ssh, .git, .aws…) or a key or credentials file. The connector checks the
 * same paths against the real disk first (trust/fileRoots); this is the second lock, in the browser.
 */
const SECRET_FILE =
  /(^id_(rsa|dsa|ecdsa|ed25519)|\.(pem|key|p12|pfx|keystore|jks|kdbx|gpg|asc)$|^credentials(\.json)?$|^secrets?\.|\.env$)/i;

/** A POSIX or Windows absolute path, split into its segments; undefined when it is not absolute. */
function segments(path: string): string[] | undefined {
  const unified = path.replace(/\\/g, '/');
  if (!unified.startsWith('/') && !/^[a-z]:\//i.test(unified)) return undefined;
  return unified.split('/').filter(Boolean);
}

/** Why `path` may not be uploaded, or undefined when it may. */
export function uploadRefusal(path: string, roots: readonly string[]): string | undefined {
  const parts = segments(path);
  if (!parts) return `'${path}' is not an absolute path.`;
  if (parts.some((part) => part === '.' || part === '..')) return `'${path}' has '.' or '..' segments.`;
  const name = parts[parts.length - 1] ?? '';
  if (parts.some((part) => part.startsWith('.')) || SECRET_FILE.test(name))
    return `'${path}' is a dot file, in a dot folder, or a key or credentials file: those are never uploaded.`;
  const inside = roots.some((root) => {
    const rootParts = segments(root);
    return (
      rootParts !== undefined && rootParts.every((part, i) => parts[i] === part) && parts.length > rootParts.length
    );
  });
  return inside ? undefined : `'${path}' is outside the connector's file roots (${roots.join(', ') || 'none'}).`;
}
