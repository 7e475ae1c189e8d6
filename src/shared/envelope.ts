/**
 * The two JSON envelopes of the spec, for the connector and the edge alike. A: the connector reference's
 * bare bodies. B: the general API's `{status, data|error, timestamp, requestId}` (the edge answers only B).
 */
import type { ApiError, ErrorBody } from './errors';

export type Variant = 'A' | 'B';

/** The JSON body of a success in the caller's variant. */
export function successBody(variant: Variant, data: unknown, requestId: string): unknown {
  return variant === 'A' ? data : { status: 'success', data, timestamp: new Date().toISOString(), requestId };
}

/** B names a missing parameter BAD_REQUEST where A says INVALID_REQUEST; both take the status from one table. */
export function errorBody(variant: Variant, error: ApiError, requestId: string): unknown {
  const body: ErrorBody = error.toBody();
  if (variant === 'B' && body.code === 'INVALID_REQUEST') body.code = 'BAD_REQUEST';
  return variant === 'A'
    ? { error: body, timestamp: Date.now() }
    : { status: 'error', error: body, timestamp: new Date().toISOString(), requestId };
}
