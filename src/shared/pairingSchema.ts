import { z } from 'zod';

/** The pairing endpoints' request bodies (shared/pairing.ts describes the flow). */
const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`), `${bytes * 2} hex digits`);

export const pairRequestSchema = z.object({
  code: z.string().max(20).describe('The code the connector shows, without its port: XXXX-XXXX.'),
  label: z.string().max(200).optional().describe('What the browser calls itself (its user agent).'),
});

export const challengeRequestSchema = z.object({
  pairingId: hex(8).describe("The pairing's id, from the answer to the code."),
  nonce: hex(16).describe('A fresh random nonce the connector must prove the key over.'),
});
