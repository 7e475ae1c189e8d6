import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which hosts the connector may fetch for a page (its scripts, their source maps, stylesheets' maps).
 * The page is the URL the browser reported for the frame, never a URL the page wrote.
 *
 * 1. Only what DNS answers counts: the check runs inside the socket's own lookup, so the connection goes
 *    to the address that was checked, and a rebinding answer cannot switch it afterwards. An IP literal
 *    is checked as it is. IPv4-mapped IPv6 (`::ffff:10.0.0.1`) counts as its IPv4 address.
 * 2. Public addresses: yes.
 * 3. Loopback (and the unspecified address, which reaches it), private (10/8, 172.16/12, 192.168/16,
 *    100.64/10, fc00::/7) and link-local (169.254/16 with the cloud metadata address, fe80::/10): only for
 *    a page whose own host resolves to the same kind. A loopback page maps loopback URLs; a page on the
 *    office network maps the office network; a public page maps neither.
 * 4. Multicast, broadcast, reserved and translated ranges (6to4, NAT64, Teredo…): never.
 * 5. No page (or a page that is not http(s), e.g. `file:`): loopback only.
 * Every refusal names the host, the address and why, so a log line explains an unmapped stack.
 */
export type AddressKind = 'loopback' | 'private' | 'linkLocal' | 'public' | 'never';

/** The kinds a fetch may reach: 'public' plus those of the page's own addresses. */
export type FetchScope = ReadonlySet<AddressKind>;

const KIND_OF_RANGE: Record<string, AddressKind> = {
  unicast: 'public',
  loopback: 'loopback',
  unspecified: 'loopback',
  private: 'private',
  carrierGradeNat: 'private',
  uniqueLocal: 'private',
  linkLocal: 'linkLocal',
};

const KIND_WORDS: Record<AddressKind, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local or cloud metadata address',
  public: 'a public address',
  never: 'a multicast, reserved or translated address',
};

export function addressKind(address: string): AddressKind {
  if (!ipaddr.isValid(address)) return 'never';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return KIND_OF_RANGE[parsed.range()] ?? 'never';
}

/** No page: loopback only. */
export const NO_PAGE_SCOPE: FetchScope = new Set<AddressKind>(['loopback']);

/** The scope of a page, from the addresses its host resolves to now. */
export async function scopeOfPage(
  pageUrl: string | undefined,
  resolver: Resolver = systemResolver,
): Promise<FetchScope> {
  let host: string;
  try {
    const page = new URL(pageUrl ?? '');
    if (page.protocol !== 'http:' && page.protocol !== 'https:') return NO_PAGE_SCOPE;
    host = bareHost(page.hostname);
  } catch {
    return NO_PAGE_SCOPE;
  }
  const addresses = isIP(host)
    ? [host]
    : await resolver(host, { all: true }).then(
        (all) => all.map((entry) => entry.address),
        () => [] as string[],
      );
  const kinds = new Set<AddressKind>(['public']);
  for (const address of addresses) kinds.add(addressKind(address));
  kinds.delete('never');
  return kinds;
}

/** Why `address` may not be fetched under `scope`, or undefined when it may. */
export function refusal(host: string, address: string, scope: FetchScope): string | undefined {
  const kind = addressKind(address);
  if (kind !== 'never' && scope.has(kind)) return undefined;
  const page = scope === NO_PAGE_SCOPE ? 'no page (loopback only)' : `a page on ${[...scope].join(', ')} addresses`;
  return `${host} is ${KIND_WORDS[kind]} (${address}); not fetched for ${page}`;
}

/** Thrown when a host is out of the page's scope. */
export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}

/** Checks a URL whose host is an IP literal (sockets skip the lookup for those); throws FetchRefused. */
export function checkLiteralHost(url: URL, scope: FetchScope): void {
  const host = bareHost(url.hostname);
  if (!isIP(host)) return;
  const why = refusal(host, host, scope);
  if (why) throw new FetchRefused(why);
}

export type Resolver = (host: string, options: LookupOptions & { all: true }) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (host, options) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, options, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * A socket `lookup` that resolves, refuses the addresses out of scope, and hands the socket only the
 * checked ones. `resolver` stands in for DNS in tests.
 */
export function scopedLookup(scope: FetchScope, resolver: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    const wantsAll = (options as { all?: boolean }).all === true;
    resolver(hostname, { ...options, all: true }).then(
      (addresses) => {
        const allowed = addresses.filter((entry) => !refusal(hostname, entry.address, scope));
        if (!allowed.length) {
          const why = addresses.length
            ? refusal(hostname, addresses[0]!.address, scope)!
            : `${hostname} did not resolve`;
          return callback(new FetchRefused(why), '', 4);
        }
        if (wantsAll) (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, allowed);
        else callback(null, allowed[0]!.address, allowed[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

/** `[::1]` → `::1`. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
