/** Error codes of the B envelope with their HTTP status (the spec's Errors section). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_PARAMETER: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  UPGRADE_REQUIRED: 426,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  BROWSER_NOT_CONNECTED: 502,
  COMMAND_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Thrown by any handler; the app renders it as `{status:'error', error:{code,message,details}}`. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function missingParameter(parameter: string, hint = ''): ApiError {
  return new ApiError('BAD_REQUEST', `Missing required parameter '${parameter}'.${hint ? ' ' + hint : ''}`, {
    parameter,
  });
}

export function invalidParameter(
  parameter: string,
  value: unknown,
  validValues: readonly unknown[],
  why?: string,
): ApiError {
  const shown = typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
  const message = why
    ? `Invalid value ${shown} for '${parameter}': ${why}.`
    : `Invalid value ${shown} for '${parameter}'. Valid values: ${validValues.join(', ')}.`;
  return new ApiError('INVALID_PARAMETER', message, { parameter, value, validValues: [...validValues] });
}

export const unauthorized = (message: string, details: Record<string, unknown> = {}) =>
  new ApiError('UNAUTHORIZED', message, details, { 'WWW-Authenticate': 'Bearer realm="browser-debug"' });
