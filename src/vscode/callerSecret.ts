import { secretHeaders, userSecret } from '../connector/trust/userSecret';

/**
 * The per-user secret as request headers, for every call VS Code makes to a connector (its own or
 * another window's: all of one user's connectors read the same file). Read on each use, so a file
 * created by a connector that started after us is found.
 */
export function callerHeaders(): Record<string, string> {
  return secretHeaders(userSecret());
}
