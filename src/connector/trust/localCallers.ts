import { CHALLENGE_PATH, PAIR_PATH, browserProofFrom } from '../../shared/pairing';
import type { PairingBook } from './pairingBook';
import { sameSecret } from './userSecret';

/**
 * Rule 5 of the access policy (trust/access.ts): on loopback, every caller proves it is this user.
 * Processes send the per-user secret (trust/userSecret) as `Authorization: Bearer`; a paired browser
 * opens `/extension-ws` with its pairing proof in the URL, and then uses the session bearer the
 * connector gave it on that socket. Discovery and pairing itself stay open: they hand out nothing.
 */
export interface LocalCallers {
  secret: string;
  secretFile: string;
  pairings: PairingBook;
}

const OPEN_PATHS = new Set(
  ['/.identity', PAIR_PATH, CHALLENGE_PATH].flatMap((path) => [path, `/api/v1${path}`, `/api${path}`]),
);

export interface CallerDenial {
  status: 401;
  reason: string;
}

export function checkLocalCaller(
  headers: { authorization?: string },
  url: string | undefined,
  callers: LocalCallers,
): CallerDenial | undefined {
  const path = (url ?? '').split('?')[0]!;
  if (OPEN_PATHS.has(path)) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  if (bearer !== undefined && (sameSecret(bearer, callers.secret) || callers.pairings.hasSession(bearer)))
    return undefined;
  if (path === '/extension-ws') {
    const proof = browserProofFrom(url);
    if (proof && callers.pairings.verifyBrowser(proof)) return undefined;
    return {
      status: 401,
      reason:
        'This browser is not paired with the connector: open the Browser Debug popup and type the code from "Browser Debug: Pair Browser" (VS Code) or the one npm start printed.',
    };
  }
  return {
    status: 401,
    reason: `${bearer === undefined ? 'Missing' : 'Wrong'} caller secret: send Authorization: Bearer <the secret in ${callers.secretFile}> (readable only by the user who runs the connector). MCP clients get it through the Browser Debug launcher (Copy MCP Configuration).`,
  };
}
