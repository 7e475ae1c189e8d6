/** Every error code either envelope can carry, with its HTTP status: the single table both variants use. */
export const ERROR_STATUS = {
  INVALID_REQUEST: 400,
  BAD_REQUEST: 400,
  INVALID_PARAMETER: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** The edge: the resource exists already (an account name, a client key). */
  CONFLICT: 409,
  /** Another agent (MCP session) holds the tab: the answer names it. */
  TAB_LEASED: 409,
  /** The developer's tab, with two or more agents connected and the tab not shared. */
  TAB_NOT_SHARED: 403,
  /** The agent's tab was closed (by the developer, or it crashed): its lease ended. */
  TAB_CLOSED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The edge: a WebSocket endpoint asked without `Upgrade: websocket`. */
  UPGRADE_REQUIRED: 426,
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

/**
 * Where a command is relayed to a browser the server does not run itself (the edge, through a tunnel), its
 * failure is a bad gateway: these codes answer with this status there instead of the table's.
 */
export const RELAYED_STATUS: Partial<Record<ErrorCode, number>> = { COMMAND_FAILED: 502 };

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** Thrown anywhere in the connector or the edge; the HTTP layer renders it in the caller's envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** Response headers the answer carries, e.g. `WWW-Authenticate` on a 401. */
    readonly headers: Record<string, string> = {},
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

/** A 401 that tells the client how to authenticate. */
export const unauthorized = (message: string, details: Record<string, unknown> = {}) =>
  new ApiError('UNAUTHORIZED', message, details, { 'WWW-Authenticate': 'Bearer realm="browser-debug"' });
