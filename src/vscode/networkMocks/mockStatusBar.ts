import * as vscode from 'vscode';
import { describeMock, type NetworkMock } from '../../shared/networkMocks';
import type { CommandContext } from '../commandContext';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';

/** "2 network mocks" while rules are in force; a click lists them and clears one or all. */
export class MockStatusBar implements vscode.Disposable {
  readonly item = vscode.window.createStatusBarItem('browserDebug.networkMocks', vscode.StatusBarAlignment.Left, 49);

  constructor() {
    this.item.name = 'Browser Debug Network Mocks';
    this.item.command = 'browserDebug.manageNetworkMocks';
    this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
  }

  /** The rules last shown, to skip an update that changes nothing. */
  private shown: string | undefined;

  update(mocks: readonly NetworkMock[]): void {
    const key = JSON.stringify(mocks);
    if (key === this.shown) return;
    this.shown = key;
    if (!mocks.length) return this.item.hide();
    this.item.text = `$(beaker) ${mocks.length} network mock${mocks.length === 1 ? '' : 's'}`;
    this.item.tooltip = [
      'Network mocks in force (click to clear):',
      ...mocks.map((mock) => `${mock.id}: ${describeMock(mock)} in tab ${mock.tabId}`),
    ].join('\n');
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}

/** Lists the rules and clears the chosen one, or all; `choice` ('all' or a rule id) skips the list. */
export async function manageNetworkMocks(app: CommandContext, choice?: string): Promise<void> {
  let pick = choice;
  if (pick === undefined) {
    const items = [
      { label: '$(clear-all) Clear all network mocks', id: 'all' },
      ...app.feed.networkMocks.map((mock) => ({
        label: `Clear ${mock.id}`,
        description: describeMock(mock),
        id: mock.id,
      })),
    ];
    pick = (await vscode.window.showQuickPick(items, { title: 'Network mocks in force' }))?.id;
  }
  if (pick === undefined) return;
  try {
    await callConnector(
      app.session.port,
      'DELETE',
      pick === 'all' ? '/network-mocks' : `/network-mocks/${encodeURIComponent(pick)}`,
    );
  } catch (error) {
    void showFailure('clear the network mocks', error);
  }
}
