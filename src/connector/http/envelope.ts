import type { Response } from 'express';
import { errorBody, successBody, type Variant } from '../../shared/envelope';
import { ApiError } from '../../shared/errors';
import { safeText } from '../../shared/safeText';

/** The envelopes are shared with the edge (src/shared/envelope.ts); the express plumbing is the connector's. */
export { errorBody, successBody, type Variant };

/** A handler result sent as `text/plain` instead of JSON (the `format=text` answers): page data in it is made safe to print. */
export class TextBody {
  readonly text: string;
  constructor(text: string) {
    this.text = safeText(text);
  }
}

/** A handler result sent as a file of the connector's own (a run's video), with range requests. */
export class FileBody {
  constructor(
    readonly path: string,
    readonly mimeType: string,
  ) {}
}

export function sendSuccess(res: Response, variant: Variant, data: unknown): void {
  if (data instanceof TextBody) {
    res.type('text/plain; charset=utf-8').send(data.text);
    return;
  }
  if (data instanceof FileBody) {
    res.sendFile(data.path, { headers: { 'Content-Type': data.mimeType }, dotfiles: 'allow' });
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
