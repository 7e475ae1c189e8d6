import { request as httpRequest } from 'node:http';
import { callerHeaders } from './callerSecret';

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/**
 * Raw node:http, so tests can send any Host and Origin a browser or attacker would (`host`: the address
 * to connect to). It sends the run's caller secret, as every local client does, unless `anonymous`.
 */
export function request(
  port: number,
  method: string,
  path: string,
  options: {
    headers?: Record<string, string>;
    body?: unknown;
    rawBody?: string;
    host?: string;
    anonymous?: boolean;
  } = {},
): Promise<HttpResult> {
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = {
    ...(options.anonymous ? {} : callerHeaders()),
    ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: options.host ?? '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export const get = (port: number, path: string, headers?: Record<string, string>) =>
  request(port, 'GET', path, { headers });
export const post = (port: number, path: string, body?: unknown, headers?: Record<string, string>) =>
  request(port, 'POST', path, { body, headers });
