import type { z } from 'zod';
import { ApiError } from '../../../shared/errors';
import { CHALLENGE_PATH, CODE_PATH, PAIR_PATH } from '../../../shared/pairing';
import { challengeRequestSchema, pairRequestSchema } from '../../../shared/pairingSchema';
import type { ConnectorServices } from '../../services';
import type { Route } from '../route';

function bodyOf<T extends z.ZodType>(schema: T, body: unknown, example: string): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const parameter = String(issue.path[0] ?? 'body');
  throw new ApiError('INVALID_PARAMETER', `Invalid '${parameter}': ${issue.message} Send ${example}.`, { parameter });
}

/**
 * Pairing's endpoints: a new one-time code (for a caller with the user secret), and the two open
 * ones (trust/localCallers): redeeming a code, and the connector's half of the challenge. Neither open
 * one hands out anything a caller without the code or the pairing key can use.
 */
export function pairingRoutes(services: ConnectorServices): Route[] {
  return [
    {
      method: 'POST',
      path: CODE_PATH,
      handle: () => ({ code: services.pairings.issueCode(), expiresInSeconds: 600 }),
    },
    {
      method: 'POST',
      path: PAIR_PATH,
      handle: ({ body }) => {
        const { code, label } = bodyOf(pairRequestSchema, body, '{"code": "XXXX-XXXX"}');
        const reply = services.pairings.redeem(code, label);
        services.logger.info(`A browser paired (${label ?? 'no label'}).`);
        return reply;
      },
    },
    {
      method: 'POST',
      path: CHALLENGE_PATH,
      handle: ({ body }) => {
        const { pairingId, nonce } = bodyOf(challengeRequestSchema, body, '{"pairingId": "<hex>", "nonce": "<hex>"}');
        const reply = services.pairings.prove(pairingId, nonce);
        if (!reply)
          throw new ApiError(
            'FORBIDDEN',
            'This connector does not know that pairing: pair the browser again (popup, with the code from "Browser Debug: Pair Browser" or npm start).',
          );
        return reply;
      },
    },
  ];
}
