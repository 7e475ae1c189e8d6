import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ConsoleEntry } from '../../../src/vscode/captureFeed';
import { hostRig, until } from './hostRig';

describe('Browser Debug in VS Code: captures in the views, the editor and the Problems panel', () => {
  const rig = hostRig();

  it('shows captures fed over /extension-ws in the Console, Network and Element views, grouped by page load', async () => {
    const now = Date.now();
    rig.browser.send([
      {
        type: 'page-navigated',
        url: `${rig.origin}/index.html`,
        title: 'VS Code fixture',
        tabId: 1,
        pageLoadId: 'load-A',
        timestamp: now,
      },
      {
        type: 'console-log',
        level: 'warn',
        message: 'view warning',
        timestamp: now + 1,
        tabId: 1,
        source: `${rig.origin}/plain.js:3:9`,
      },
      {
        type: 'network-request',
        method: 'GET',
        url: `${rig.origin}/missing`,
        status: 404,
        statusText: 'Not Found',
        duration: 7,
        timestamp: now + 2,
        tabId: 1,
      },
      {
        type: 'selected-element',
        timestamp: now + 3,
        tabId: 1,
        element: {
          tagName: 'H1',
          id: 'title',
          className: 'big',
          attributes: { id: 'title' },
          dimensions: { width: 100, height: 20, top: 5, left: 8 },
          innerHTML: 'Fixture app',
          textContent: 'Fixture app',
        },
      },
    ]);
    // Views refresh on the feed's batched change event, a moment after the feed has the entries.
    const shown = () =>
      rig.app.consoleView.getChildren().length > 0 &&
      rig.app.networkView.getChildren().length > 0 &&
      rig.app.elementView.getChildren().length > 0;
    await until(
      () =>
        rig.app.feed.console.some((entry) => entry.message === 'view warning') &&
        rig.app.feed.element !== undefined &&
        shown(),
      10_000,
      'captures in the views',
    );
    const [group] = rig.app.consoleView.getChildren() as { pageLoadId: string }[];
    assert.equal(group!.pageLoadId, 'load-A');
    assert.match(String(rig.app.consoleView.getTreeItem(group as never).label), /VS Code fixture/);
    const [entry] = rig.app.consoleView.getChildren(group as never);
    const item = rig.app.consoleView.getTreeItem(entry!);
    assert.equal(item.label, 'view warning');
    assert.equal(item.description, 'plain.js:3');
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'warning');
    assert.equal(item.command?.command, 'browserDebug.jumpToSource');
    const [networkGroup] = rig.app.networkView.getChildren();
    const request = rig.app.networkView.getChildren(networkGroup)[0]!;
    assert.equal(rig.app.networkView.getTreeItem(request).label, 'GET 404 /missing');
    assert.equal((rig.app.networkView.getTreeItem(request).iconPath as vscode.ThemeIcon).id, 'error');
    const rows = rig.app.elementView.getChildren().map((row) => `${row.label}=${row.value}`);
    assert.ok(rows.includes('tag=h1') && rows.includes('id=title'), rows.join(', '));
  });

  it('jumps to the original line through the script’s source map', async () => {
    const bundle = readFileSync(join(rig.folder, 'dist', 'bundle.js'), 'utf8').split('\n');
    const line = bundle.findIndex((text) => text.includes('throw new Error(reason)'));
    const column = bundle[line]!.indexOf('throw') + 1;
    const entry = {
      type: 'console-error',
      id: 'x1',
      seq: 1,
      pageLoadId: 'p',
      message: 'Uncaught Error: mapped failure',
      timestamp: Date.now(),
      frames: [{ url: `${rig.origin}/dist/bundle.js`, line: line + 1, column }],
    } as ConsoleEntry;
    assert.equal(await rig.app.navigator.open(entry), true);
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.fsPath, join(rig.folder, 'src', 'app.ts'));
    assert.equal(editor.selection.active.line, 3, 'line 4 of app.ts, 0-based');
  });

  it('jumps by URL path alone when the script has no source map', async () => {
    const entry = {
      type: 'console-error',
      id: 'x2',
      seq: 2,
      pageLoadId: 'p',
      message: 'Uncaught Error: plain failure',
      timestamp: Date.now(),
      source: `${rig.origin}/plain.js:3:9`,
    } as ConsoleEntry;
    assert.equal(await rig.app.navigator.open(entry), true);
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.fsPath, join(rig.folder, 'plain.js'));
    assert.deepEqual([editor.selection.active.line, editor.selection.active.character], [2, 8]);
  });

  it('shows browser errors that map to workspace files in the Problems panel, and clears them with the captures', async () => {
    const failure = {
      type: 'console-error',
      message: 'Uncaught Error: plain failure',
      timestamp: Date.now(),
      tabId: 1,
      frames: [{ url: `${rig.origin}/plain.js`, line: 3, column: 9 }],
    };
    rig.browser.send([failure, { ...failure, message: 'Uncaught Error: second failure' }, failure]);
    const uri = vscode.Uri.file(join(rig.folder, 'plain.js'));
    await until(() => vscode.languages.getDiagnostics(uri).length > 1, 10_000, 'the diagnostics');
    await until(
      () => rig.app.feed.console.filter((entry) => entry.message === failure.message).length === 2,
      10_000,
      'both repeats in the feed',
    );
    assert.deepEqual(
      vscode.languages.getDiagnostics(uri).map((item) => item.message),
      ['Uncaught Error: plain failure', 'Uncaught Error: second failure'],
      'a repeat is one problem',
    );
    const [diagnostic] = vscode.languages.getDiagnostics(uri);
    assert.equal(diagnostic!.message, 'Uncaught Error: plain failure');
    assert.equal(diagnostic!.range.start.line, 2);
    assert.equal(diagnostic!.source, 'Browser Debug');
    await vscode.commands.executeCommand('browserDebug.clearCapturedData');
    await until(() => vscode.languages.getDiagnostics(uri).length === 0, 10_000, 'diagnostics cleared');
    assert.equal(rig.app.feed.console.length, 0);
  });
});
