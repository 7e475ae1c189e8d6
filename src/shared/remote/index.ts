/**
 * The edge tunnel's client end: the connector in hybrid mode and the browser extension in full
 * remote mode both run it. Web-platform APIs only (WebCrypto, fetch, a WebSocket), so it runs in
 * Node and in a service worker alike. See the README, "Hybrid mode" and "Full remote mode".
 */
export { batchFrame, CaptureQueue, type Batch, type Capture } from './captureQueue';
export { generateClientKeys, signAssertion, type ClientKeys } from './clientKeys';
export { EDGE_SESSION_ID, LOOPBACK_HOSTS } from './edgeRules';
export { originMatcher } from './originFilter';
export {
  RemoteLink,
  type RemoteLinkOptions,
  type RemoteState,
  type RemoteStatus,
  type WebSocketLike,
} from './remoteLink';
export { RemoteAuthError, TokenSource } from './tokenSource';
export {
  guardRemoteCommands,
  DEFAULT_REMOTE_COMMANDS,
  REMOTE_COMMANDS,
  RemoteCommandError,
  type RemoteCommandName,
  type CommandRunner,
  type RemoteCommand,
} from './commandGuard';
