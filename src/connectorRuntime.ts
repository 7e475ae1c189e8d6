/**
 * The connector and MCP server, bundled on their own (dist/connectorRuntime.js) so VS Code loads them
 * after activation, only in the window that hosts the connector.
 */
export { AlreadyRunningError } from './connector/connector';
export { startConnectorWithMcp, type RunningConnector } from './mcp/connectorWithMcp';
export { attachJournal } from './connector/journal/journal';
export { resolveRemoteConfig } from './connector/remote/remoteConfig';
