import { callerHeaders } from './callerSecret';

/** Calls the connector's HTTP API (this window's or another's) and unwraps its variant-A answers. */
export class ConnectorRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function callConnector<T>(
  port: number | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  if (port === undefined)
    throw new ConnectorRequestError(
      'NOT_RUNNING',
      'The connector is not running: run "Browser Debug: Restart Connector".',
    );
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { ...callerHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const json = (await response.json()) as T & { error?: { code: string; message: string } };
  if (!response.ok || json.error)
    throw new ConnectorRequestError(
      json.error?.code ?? 'HTTP_' + response.status,
      json.error?.message ?? response.statusText,
    );
  return json;
}
