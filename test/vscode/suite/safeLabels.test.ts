import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BrowserDebug } from '../../../src/vscode/browserDebug';
import { EXTENSION_ID, until } from './hostRig';
import { callerHeaders } from '../../../src/vscode/callerSecret';

// eslint-disable-next-line no-control-regex -- finding raw control characters is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('Browser Debug views escape control and bidi characters from page data', () => {
  it('a console entry and a request full of ANSI and bidi characters show escaped labels, descriptions and tooltips', async () => {
    const app = await vscode.extensions.getExtension<BrowserDebug>(EXTENSION_ID)!.activate();
    await until(() => app.session.role === 'owner' && app.feed.connected, 20_000, 'the connector');
    const hostile = 'SAFE-LABEL \u001b[2J\u001b[31mred \u202egnp.exe\u202c\rspoof\u0007';
    for (const data of [
      { type: 'console-log', level: 'warn', message: hostile, pageLoadId: 'safe-labels' },
      {
        type: 'network-request',
        method: 'GET',
        url: `http://app.test/${hostile}`,
        status: 500,
        pageLoadId: 'safe-labels',
      },
    ]) {
      const answer = await fetch(`http://127.0.0.1:${app.session.port}/extension-log`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...callerHeaders() },
        body: JSON.stringify({ type: data.type, data }),
      });
      assert.equal(answer.status, 200, await answer.text());
    }
    // The views refresh a moment after the feed: wait until both trees hold the new rows.
    const shows = (view: typeof app.consoleView | typeof app.networkView) =>
      (view.getChildren() as never[]).some((group) =>
        (view.getChildren(group) as { message?: string; url?: string }[]).some((row) =>
          (row.message ?? row.url ?? '').includes('SAFE-LABEL'),
        ),
      );
    await until(() => shows(app.consoleView) && shows(app.networkView), 10_000, 'the entries in the views');
    const items: vscode.TreeItem[] = [];
    for (const view of [app.consoleView, app.networkView] as const)
      for (const group of view.getChildren() as never[]) {
        items.push(view.getTreeItem(group));
        for (const child of view.getChildren(group) as never[]) {
          const item = view.getTreeItem(child);
          // The Console view fills a row's tooltip when VS Code is about to show it.
          items.push('resolveTreeItem' in view ? view.resolveTreeItem(item, child) : item);
        }
      }
    const texts = items.flatMap((item) => [
      typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
      String(item.description ?? ''),
      typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? ''),
    ]);
    assert.ok(
      texts.some((text) => text.includes('\\u{202e}gnp.exe')),
      texts.join('\n').slice(0, 2000),
    );
    for (const text of texts) assert.doesNotMatch(text, RAW_CONTROL, text.slice(0, 200));
  });
});
