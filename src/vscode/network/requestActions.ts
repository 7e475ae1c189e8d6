import * as vscode from 'vscode';
import type { StoredNetworkRequest } from '../../shared/protocol';
import type { CommandContext } from '../commandContext';
import { curlCommand } from './curlCommand';
import { mockRequest } from './mockRequest';

/**
 * What a request action is given: the Network view's row (the request itself) or the dashboard's
 * `data-vscode-context` (its id). Either way the request is the one the feed holds now.
 */
export type RequestTarget = StoredNetworkRequest | { requestId?: unknown } | undefined;

/** The captured request a row or a dashboard context menu names; undefined (and a message) when it is gone. */
export function requestOf(app: CommandContext, target: RequestTarget): StoredNetworkRequest | undefined {
  const id = target && 'type' in target && target.type === 'network-request' ? target.id : target?.requestId;
  const request = typeof id === 'string' ? app.feed.network.find((entry) => entry.id === id) : undefined;
  if (!request)
    void vscode.window.showWarningMessage(
      'Browser Debug: choose a request in the Network view or the dashboard first (it may have been cleared).',
    );
  return request;
}

async function copied(text: string, what: string): Promise<string> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`$(check) Copied ${what}`, 3000);
  return text;
}

/** Request actions as data: id → handler, registered through the one command table. */
export const REQUEST_COMMANDS = {
  'browserDebug.copyAsCurl': (app: CommandContext, target?: RequestTarget) => {
    const request = requestOf(app, target);
    const unkept = request && request.requestBody === undefined && !['GET', 'HEAD'].includes(request.method);
    return (
      request &&
      copied(
        curlCommand(request),
        unkept
          ? 'as cURL, without the body (bodies: "Capture request and response bodies" in the browser extension)'
          : 'as cURL',
      )
    );
  },
  'browserDebug.copyUrl': (app: CommandContext, target?: RequestTarget) => {
    const request = requestOf(app, target);
    return request && copied(request.url, 'the URL');
  },
  'browserDebug.openRequestInBrowser': (app: CommandContext, target?: RequestTarget) => {
    const request = requestOf(app, target);
    return request && vscode.env.openExternal(vscode.Uri.parse(request.url, true));
  },
  'browserDebug.mockRequest': (app: CommandContext, target?: RequestTarget) => {
    const request = requestOf(app, target);
    return request && mockRequest(app, request);
  },
};
