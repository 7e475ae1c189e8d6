/** What our own pieces check before trusting a port: AgentDesk's browser-tools answers with the same signature. */
export const SERVER_NAME = 'browser-debug-connector';
export const SIGNATURE = 'mcp-browser-connector-24x7';
/** Bumped on any breaking change to the WebSocket frames or HTTP payloads. */
export const PROTOCOL_VERSION = 1;
export const DEFAULT_PORT = 3025;
export const MAX_FALLBACK_PORT = 3035;

export interface IdentityLike {
  name?: unknown;
  signature?: unknown;
  protocolVersion?: unknown;
}

/** True when a `/.identity` answer comes from a Browser Debug connector we can talk to. */
export function isCompatibleIdentity(identity: IdentityLike): boolean {
  return (
    identity.signature === SIGNATURE &&
    identity.name === SERVER_NAME &&
    typeof identity.protocolVersion === 'number' &&
    Math.floor(identity.protocolVersion) === PROTOCOL_VERSION
  );
}
