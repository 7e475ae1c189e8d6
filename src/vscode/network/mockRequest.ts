import * as vscode from 'vscode';
import {
  describeMock,
  MOCK_DELAY_MAX_MS,
  type MockAction,
  type MockRule,
  type NetworkMock,
} from '../../shared/networkMocks';
import type { StoredNetworkRequest } from '../../shared/protocol';
import type { CommandContext } from '../commandContext';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';

const ACTIONS: readonly (vscode.QuickPickItem & { action: MockAction })[] = [
  {
    action: 'respond',
    label: '$(reply) Respond',
    detail: 'Answer with a status and body, prefilled from this response',
  },
  { action: 'fail', label: '$(error) Fail', detail: 'The request fails with a network error' },
  { action: 'block', label: '$(circle-slash) Block', detail: 'The request is blocked, as a blocker would' },
  { action: 'delay', label: '$(watch) Delay', detail: 'The request waits, then goes to the network' },
];

/** The glob a rule starts from: this URL, any query (the schema's glob: `*` any, no `*` = contains). */
export function urlGlob(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : `${url.slice(0, query)}*`;
}

function statusProblem(value: string): string | undefined {
  const status = Number(value);
  return Number.isInteger(status) && status >= 100 && status <= 599 ? undefined : 'A status from 100 to 599';
}

function delayProblem(value: string): string | undefined {
  const ms = Number(value);
  return Number.isInteger(ms) && ms >= 1 && ms <= MOCK_DELAY_MAX_MS ? undefined : `1 to ${MOCK_DELAY_MAX_MS} ms`;
}

/** The action's own fields, asked with the captured values prefilled; undefined when the user cancels. */
async function actionFields(action: MockAction, request: StoredNetworkRequest): Promise<Partial<MockRule> | undefined> {
  if (action === 'respond') {
    const status = await vscode.window.showInputBox({
      title: 'Mock This Request: status',
      value: String(request.status || 200),
      validateInput: statusProblem,
    });
    if (status === undefined) return undefined;
    const body = await vscode.window.showInputBox({
      title: 'Mock This Request: response body',
      value: request.responseBody ?? '',
      prompt: 'The body the page gets (empty for none)',
    });
    if (body === undefined) return undefined;
    const type = Object.entries(request.responseHeaders ?? {}).find(([name]) => name.toLowerCase() === 'content-type');
    return { status: Number(status), body, ...(type ? { headers: { 'content-type': type[1] } } : {}) };
  }
  if (action === 'delay') {
    const delay = await vscode.window.showInputBox({
      title: 'Mock This Request: delay (ms)',
      value: '2000',
      validateInput: delayProblem,
    });
    return delay === undefined ? undefined : { delayMs: Number(delay) };
  }
  return {};
}

/**
 * Mock This Request…: a `mock_network` rule prefilled from a captured request (its URL, method, tab and
 * response), set through the connector's POST /network-mocks. Returns the rule in force.
 */
export async function mockRequest(
  app: CommandContext,
  request: StoredNetworkRequest,
): Promise<NetworkMock | undefined> {
  const choice = await vscode.window.showQuickPick(ACTIONS, {
    title: `Mock ${request.method} ${request.url}`,
    placeHolder: 'What should this request do from now on?',
  });
  if (!choice) return undefined;
  const url = await vscode.window.showInputBox({
    title: 'Mock This Request: URL to match',
    value: urlGlob(request.url),
    prompt: 'A glob: * matches anything; without * the URL only has to contain it',
    validateInput: (value) => (value.trim() ? undefined : 'A URL or glob'),
  });
  if (url === undefined) return undefined;
  const fields = await actionFields(choice.action, request);
  if (!fields) return undefined;
  const rule: MockRule = { url: url.trim(), method: request.method, action: choice.action, ...fields };
  try {
    const { mock } = await callConnector<{ mock: NetworkMock }>(app.session.port, 'POST', '/network-mocks', {
      ...rule,
      ...(request.tabId === undefined ? {} : { tabId: request.tabId }),
    });
    vscode.window.setStatusBarMessage(`$(beaker) Mock ${mock.id}: ${describeMock(mock)}`, 5000);
    return mock;
  } catch (error) {
    await showFailure('set the network mock', error);
    return undefined;
  }
}
