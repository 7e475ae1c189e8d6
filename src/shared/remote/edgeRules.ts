/** The edge's own rule for session ids (its tunnel and API refuse others). */
export const EDGE_SESSION_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** Hosts where a plain http:// edge is allowed (`wrangler dev`): nothing crosses the network. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);
