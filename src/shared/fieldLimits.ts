/**
 * Length caps for every field a capture may carry, keys included. The schemas reject anything longer
 * (a clear error, the rest of the batch is kept); the connector then cuts what it stores to its own,
 * smaller `maxFieldChars` with a visible marker. Browser code imports this too.
 */

/** Free text from the page: messages, stacks, URLs, bodies, markup. */
export const MAX_TEXT_CHARS = 1024 * 1024;
/** Short names: status texts, resource types, ids, function names, header values' names. */
export const MAX_NAME_CHARS = 1000;
/** Tokens readers switch on: HTTP methods, kinds. */
export const MAX_TOKEN_CHARS = 64;
/** Keys of open records (headers, attributes). */
export const MAX_KEY_CHARS = 256;
/** Entries of open records (headers, attributes). */
export const MAX_RECORD_ENTRIES = 500;
/** Stack frames per capture. */
export const MAX_FRAMES = 200;
/**
 * A frame that carries captures (a batch or a single event) is refused above this size; only
 * screenshots, command replies and trace chunks may use the larger WebSocket frame cap.
 */
export const MAX_CAPTURE_FRAME_BYTES = 8 * 1024 * 1024;
