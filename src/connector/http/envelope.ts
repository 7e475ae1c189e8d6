import type { Response } from 'express';
import { ApiError, type ErrorBody } from '../../shared/errors';
import { safeText } from '../../shared/safeText';

/** A: the connector reference's bare bodies. B: the general API's `{status, data, timestamp, requestId}`. */
export type Variant = 'A' | 'B';

/** A handler result sent as `text/plain` instead of JSON (the `format=text` answers): page data in it is made safe to print. */
export class TextBody {
  readonly text: string;
  constructor(text: string) {
    this.text = safeText(text);
  }
}

/** The JSON body of a success in the caller's variant (express and the lean ingest path share it). */
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

export function sendSuccess(res: Response, variant: Variant, data: unknown): void {
  if (data instanceof TextBody) {
    res.type('text/plain; charset=utf-8').send(data.text);
    return;
  }
  res.json(successBody(variant, data, res.locals.requestId as string));
}

export function sendError(res: Response, variant: Variant, error: ApiError): void {
  res.status(error.status);
  res.json(errorBody(variant, error, res.locals.requestId as string));
}

export function payloadTooLarge(limit: number): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `Request body is larger than the ${limit} byte limit.`, { limit });
}

export function invalidJson(): ApiError {
  return new ApiError('INVALID_REQUEST', 'Request body is not valid JSON.', { parameter: 'body' });
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError('INTERNAL_ERROR', `Internal error: ${message}`);
}
