/** Schema builders for the fields of captures and frames, each with its cap (fieldLimits). */
import { z } from 'zod';
import { MAX_KEY_CHARS, MAX_NAME_CHARS, MAX_RECORD_ENTRIES, MAX_TEXT_CHARS } from './fieldLimits';

/** Page text: messages, stacks, URLs, bodies (see fieldLimits). */
export const text = () => z.string().max(MAX_TEXT_CHARS);
/** Short names: ids, status texts, kinds. */
export const name = () => z.string().max(MAX_NAME_CHARS);
/** An open record (headers, attributes) with capped keys, values and size. */
export const record = (value: z.ZodString) =>
  z
    .record(z.string().max(MAX_KEY_CHARS), value)
    .refine((entries) => Object.keys(entries).length <= MAX_RECORD_ENTRIES, {
      message: `at most ${MAX_RECORD_ENTRIES} entries`,
    });

export const ms = z.number().finite().nonnegative().describe('milliseconds since the Unix epoch');
export const optionalTab = z.number().int().optional().describe('Chrome tab id');
export const pageLoad = z.string().max(200).optional().describe('id the browser gives each page load');
