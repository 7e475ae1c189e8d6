import { secretHeaders, userSecret } from '../../src/connector/trust/userSecret';

/**
 * The headers a local caller of this test run sends: the per-user secret from the run's own state
 * folder (support/isolatedState.cjs), read the way the CLI and the stdio bin read it.
 */
export function callerHeaders(): Record<string, string> {
  return secretHeaders(userSecret());
}
