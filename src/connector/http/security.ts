/**
 * Who may talk to the connector. Any web page can send requests to localhost, so we check
 * Host (against DNS rebinding) and Origin (against cross-site reads) on HTTP and WS alike.
 */

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const TRUSTED_SCHEMES = ['chrome-extension://', 'vscode-webview://', 'vscode-file://'];

export interface AccessPolicy {
  port: () => number;
  allowedOrigins: readonly string[];
  /** Extra Host names, for users who bind beyond loopback on purpose. */
  allowedHosts?: readonly string[];
}

export function isAllowedHost(host: string | undefined, policy: AccessPolicy): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase());
  if (!match) return false;
  const [, name, port] = match;
  if (port !== undefined && Number(port) !== policy.port()) return false;
  return LOOPBACK_NAMES.has(name!) || (policy.allowedHosts ?? []).includes(name!);
}

/** No Origin (curl, Node), our extension, VS Code webviews, the connector itself, or one the user added. */
export function isAllowedOrigin(origin: string | undefined, policy: AccessPolicy): boolean {
  if (origin === undefined) return true;
  if (TRUSTED_SCHEMES.some((scheme) => origin.startsWith(scheme))) return true;
  const self = [
    `http://127.0.0.1:${policy.port()}`,
    `http://localhost:${policy.port()}`,
    `http://[::1]:${policy.port()}`,
  ];
  return self.includes(origin) || policy.allowedOrigins.includes(origin);
}

export type AccessDenial = { reason: string } | undefined;

export function checkAccess(headers: { host?: string; origin?: string }, policy: AccessPolicy): AccessDenial {
  if (!isAllowedHost(headers.host, policy)) {
    return {
      reason: `Host '${headers.host ?? ''}' is not allowed: use http://127.0.0.1:${policy.port()} (DNS-rebinding protection).`,
    };
  }
  if (!isAllowedOrigin(headers.origin, policy)) {
    return {
      reason: `Origin '${headers.origin}' is not allowed. Web pages may not read captured data; add the origin to the allowed origins setting if you trust it.`,
    };
  }
  return undefined;
}
