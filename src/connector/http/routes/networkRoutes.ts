import type { StoredNetworkRequest } from '../../../shared/protocol';
import type { ConnectorServices } from '../../services';
import { isFailedRequest } from '../../../shared/networkOutcome';
import { harOf } from '../../har/harLog';
import { withOriginalInitiators } from '../../sourceMaps/mappedEntries';
import type { BufferKind } from '../../capture/storeBuffers';
import { parseBoolean, parseLimit, parseMethod, parseStatus } from '../params';
import { defaultLimit, type Route, type RouteContext } from '../route';

/** The simple entry shape: `size` is the response's bytes. */
function simple(request: StoredNetworkRequest): Record<string, unknown> {
  const size = typeof request.size === 'object' ? request.size.response : request.size;
  return { ...request, size };
}

function failure(request: StoredNetworkRequest): Record<string, unknown> {
  const status = request.status ?? 0;
  const error = request.error ?? `HTTP ${status}${request.statusText ? ' ' + request.statusText : ''}`;
  return { ...simple(request), status, error };
}

/** The detailed shape of `/network-requests`: `size` is `{request, response}`. */
function detailed(request: StoredNetworkRequest): Record<string, unknown> {
  const size = typeof request.size === 'object' ? request.size : { request: 0, response: request.size ?? 0 };
  return { ...request, size };
}

const BOTH: BufferKind[] = ['networkSuccess', 'networkErrors'];

export function networkRoutes({ store, locator }: ConnectorServices): Route[] {
  const mapped = (requests: StoredNetworkRequest[]) => withOriginalInitiators(requests, locator);
  const list = (kinds: BufferKind[], context: RouteContext, extra?: (request: StoredNetworkRequest) => boolean) => {
    const limit = parseLimit(context.query, defaultLimit(context.variant));
    const method = parseMethod(context.query);
    return store.query(
      kinds as ('networkSuccess' | 'networkErrors')[],
      (request) =>
        (method === undefined || request.method.toUpperCase() === method) && (extra === undefined || extra(request)),
      limit,
    );
  };
  return [
    {
      method: 'GET',
      path: '/network-success',
      handle: async (context) => {
        const { entries, matched } = list(['networkSuccess'], context);
        return {
          requests: (await mapped(entries)).map(simple),
          count: entries.length,
          total: matched,
          truncated: matched > entries.length,
        };
      },
    },
    {
      method: 'GET',
      path: '/network-errors',
      handle: async (context) => {
        const { entries, matched } = list(['networkErrors'], context);
        return {
          errors: (await mapped(entries)).map(failure),
          count: entries.length,
          total: matched,
          truncated: matched > entries.length,
        };
      },
    },
    {
      method: 'GET',
      path: '/all-xhr',
      handle: async (context) => {
        const { entries, matched } = list(BOTH, context);
        const byTime = [...entries].sort((a, b) => a.timestamp - b.timestamp || a.seq - b.seq);
        return {
          requests: (await mapped(byTime)).map(simple),
          count: byTime.length,
          total: matched,
          truncated: matched > byTime.length,
        };
      },
    },
    {
      method: 'GET',
      path: '/network-requests',
      handle: async (context) => {
        const status = parseStatus(context.query);
        const failed = parseBoolean(context.query, 'failed');
        const { entries, matched, total } = list(BOTH, context, (request) => {
          if (status && !status(request.status)) return false;
          return failed === undefined || isFailedRequest(request) === failed;
        });
        // format=har: the same requests as a HAR 1.2 log.
        if (context.query.format === 'har') return harOf(entries);
        return {
          requests: (await mapped(entries)).map(detailed),
          count: entries.length,
          total,
          filtered: matched,
          truncated: matched > entries.length,
        };
      },
    },
  ];
}
