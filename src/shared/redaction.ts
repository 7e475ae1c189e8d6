/** Header names whose values are never stored as they are: they carry credentials. */
export const DEFAULT_REDACTED_HEADERS = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization'];
export const REDACTED = '[redacted]';
