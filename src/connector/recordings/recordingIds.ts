import { randomBytes } from 'node:crypto';
import { ApiError } from '../../shared/errors';
import { isRecordingId } from '../../shared/recording';

/** A new recording id, like rec-1a2b3c4d5e6f (ids build file paths: nothing else is ever one). */
export function newRecordingId(): string {
  return `rec-${randomBytes(6).toString('hex')}`;
}

/** Every id a caller names is checked before it reaches the library, where ids build paths. */
export function checkId(id: string): void {
  if (!isRecordingId(id))
    throw new ApiError(
      'INVALID_PARAMETER',
      `Invalid recording id ${JSON.stringify(String(id).slice(0, 120))}: ids look like rec-1a2b3c4d5e6f. List them with GET /recordings (or list_recordings).`,
      { parameter: 'id', validValues: ['rec-<letters, digits, _ or ->'] },
    );
}

export function notFound(id: string): ApiError {
  return new ApiError(
    'NOT_FOUND',
    `No recording with id '${id}'. List them with GET /recordings (or list_recordings) and use one of those ids.`,
    { id },
  );
}
