/** Every error code either envelope can carry, with its HTTP status: the single table both variants use. */
export const ERROR_STATUS = {
  INVALID_REQUEST: 400,
  BAD_REQUEST: 400,
  INVALID_PARAMETER: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SCREENSHOT_FAILED: 500,
  LIGHTHOUSE_FAILED: 500,
  COMMAND_FAILED: 500,
  BROWSER_NOT_CONNECTED: 502,
  SERVICE_UNAVAILABLE: 503,
  /** Audits run one at a time; this one could not finish within its timeout after the ones ahead. */
  AUDIT_BUSY: 503,
  TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** Thrown anywhere in the connector; the HTTP layer renders it in the caller's envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details };
  }
}

export function missingParameter(parameter: string, hint = ''): ApiError {
  return new ApiError('INVALID_REQUEST', `Missing required parameter '${parameter}'.${hint ? ' ' + hint : ''}`, {
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
