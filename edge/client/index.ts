/**
 * Hybrid mode, connector side. Self-contained (WebCrypto, fetch and a WebSocket only), so the
 * connector in src/connector can import it as is: see the README section "Remote deployment (edge)".
 */
export { CaptureQueue, type Batch, type Capture } from './captureQueue';
export { generateClientKeys, signAssertion, type ClientKeys } from './clientKeys';
export { originMatcher } from './originFilter';
export { RemoteLink, type RemoteLinkOptions, type RemoteState, type RemoteStatus, type WebSocketLike } from './remoteLink';
export { RemoteAuthError, TokenSource } from './tokenSource';
