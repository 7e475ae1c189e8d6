import type { Response } from 'express';
import { ApiError, type ErrorBody } from '../../shared/errors';

/** A: the connector reference's bare bodies. B: the general API's `{status, data, timestamp, requestId}`. */
export type Variant = 'A' | 'B';

/** A handler result sent as `text/plain` instead of JSON (the `format=text` answers). */
export class TextBody {
  constructor(readonly text: string) {}
}

export function sendSuccess(res: Response, variant: Variant, data: unknown): void {
  if (data instanceof TextBody) {
    res.type('text/plain; charset=utf-8').send(data.text);
    return;
  }
  if (variant === 'A') {
    res.json(data);
    return;
  }
  res.json({ status: 'success', data, timestamp: new Date().toISOString(), requestId: res.locals.requestId as string });
}

/** B names a missing parameter BAD_REQUEST where A says INVALID_REQUEST; both take the status from one table. */
export function sendError(res: Response, variant: Variant, error: ApiError): void {
  const body: ErrorBody = error.toBody();
  if (variant === 'B' && body.code === 'INVALID_REQUEST') body.code = 'BAD_REQUEST';
  res.status(error.status);
  if (variant === 'A') {
    res.json({ error: body, timestamp: Date.now() });
    return;
  }
  res.json({ status: 'error', error: body, timestamp: new Date().toISOString(), requestId: res.locals.requestId as string });
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError('INTERNAL_ERROR', `Internal error: ${message}`);
}
