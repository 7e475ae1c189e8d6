import { request } from 'node:http';
import { isCompatibleIdentity } from '../../shared/identity';

export interface ProbeResult {
  /** Something answered HTTP on the port. */
  answered: boolean;
  /** It is a Browser Debug connector speaking our protocol. */
  ours: boolean;
  identity?: Record<string, unknown>;
  /** Why it is not ours, for the log: e.g. "it closed the connection at once". */
  holder: string;
}

/** An identity answer is a few hundred bytes; anything far larger is not ours. */
const MAX_IDENTITY_BYTES = 64 * 1024;

/**
 * Asks `http://host:port/.identity` who is there, within `timeoutMs`. Never throws, always settles.
 * Plain `node:http` with a ref'd timer: Node 20's `fetch` with an unref'd `AbortSignal.timeout` never
 * settles against a listener that closes connections at once, and the process then exits silently.
 */
export function probeIdentity(host: string, port: number, timeoutMs = 1000): Promise<ProbeResult> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: ProbeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => settle({ answered: false, ours: false, holder: `it did not answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    const req = request(
      {
        hostname: host,
        port,
        path: '/.identity',
        method: 'GET',
        agent: false,
        headers: { accept: 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_IDENTITY_BYTES)
            settle(notOurs(`its answer to /.identity is over ${MAX_IDENTITY_BYTES} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => settle(judge(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
        res.on('error', (error) => settle(notOurs(`its answer broke off (${error.message})`)));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      settle({ answered: false, ours: false, holder: connectionProblem(error) }),
    );
    req.end();
  });
}

function notOurs(holder: string): ProbeResult {
  return { answered: true, ours: false, holder };
}

/** Reads a complete answer: ours only when it is JSON with our signature and protocol. */
function judge(status: number, body: string): ProbeResult {
  let identity: unknown;
  try {
    identity = JSON.parse(body);
  } catch {
    return notOurs(`it answered HTTP ${status} with something other than JSON`);
  }
  if (!identity || typeof identity !== 'object' || Array.isArray(identity))
    return notOurs(`it answered HTTP ${status} with JSON that is not an identity`);
  const record = identity as Record<string, unknown>;
  if (isCompatibleIdentity(record))
    return { answered: true, ours: true, identity: record, holder: 'a Browser Debug connector' };
  const name = typeof record.name === 'string' ? ` (${record.name})` : '';
  return {
    answered: true,
    ours: false,
    identity: record,
    holder: `it answered, but is not a Browser Debug connector${name}`,
  };
}

function connectionProblem(error: NodeJS.ErrnoException): string {
  if (error.code === 'ECONNRESET' || error.message === 'socket hang up') return 'it closed the connection at once';
  if (error.code === 'ECONNREFUSED') return 'nothing accepted the connection';
  return `the connection failed (${error.code ?? error.message})`;
}
