import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ConsoleEntry } from '../../../src/vscode/captureFeed';
import type { AddressInfo } from 'node:net';
import { hostRig, serveWorkspace, until } from './hostRig';

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

  it('shows errors thrown in same- and cross-origin frames and in a worker at their workspace lines, as the top page’s (#33)', async () => {
    // A second origin (another port) serves the same workspace: the cross-origin frame's bundle and its map.
    const other = await serveWorkspace(rig.folder);
    try {
      const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      const bundle = readFileSync(join(rig.folder, 'dist', 'bundle.js'), 'utf8').split('\n');
      const line = bundle.findIndex((text) => text.includes('throw new Error(reason)')) + 1;
      const column = bundle[line - 1]!.indexOf('throw') + 1;
      const now = Date.now();
      // As the relay files a subframe's errors: no page URL, the frame in `context` (capturePort.ts inFrame).
      const thrown = (message: string, url: string, at: [number, number], context: object) => ({
        type: 'console-error',
        message,
        errorKind: 'uncaught',
        timestamp: now + 1,
        tabId: 31,
        source: `${url}:${at[0]}:${at[1]}`,
        stack: `Error: ${message}\n    at ${url}:${at[0]}:${at[1]}`,
        frames: [{ url, line: at[0], column: at[1] }],
        context,
      });
      rig.browser.send([
        {
          type: 'page-navigated',
          url: `${rig.origin}/index.html?frames`,
          title: 'Frames',
          tabId: 31,
          pageLoadId: 'frames-load',
          timestamp: now,
        },
        thrown('Uncaught Error: same-origin frame', `${rig.origin}/plain.js`, [3, 9], {
          kind: 'frame',
          url: `${rig.origin}/slow.html`,
        }),
        thrown('Uncaught Error: cross-origin frame', `${otherOrigin}/dist/bundle.js`, [line, column], {
          kind: 'frame',
          url: `${otherOrigin}/index.html`,
        }),
        thrown('Uncaught Error: worker', `${rig.origin}/slow.js`, [1, 1], {
          kind: 'worker',
          url: `${rig.origin}/slow.js`,
        }),
      ]);
      const plain = vscode.Uri.file(join(rig.folder, 'plain.js'));
      const app = vscode.Uri.file(join(rig.folder, 'src', 'app.ts'));
      const worker = vscode.Uri.file(join(rig.folder, 'slow.js'));
      const at = (uri: vscode.Uri) =>
        vscode.languages.getDiagnostics(uri).map((item) => `${item.message} @${item.range.start.line}`);
      await until(
        () => at(plain).length + at(app).length + at(worker).length === 3,
        15_000,
        'the three frame and worker problems',
      );
      assert.deepEqual(at(plain), ['Uncaught Error: same-origin frame @2']);
      assert.deepEqual(at(app), ['Uncaught Error: cross-origin frame @3'], 'mapped through the other origin’s map');
      assert.deepEqual(at(worker), ['Uncaught Error: worker @0']);
      await vscode.commands.executeCommand('browserDebug.clearCapturedData');
      await until(() => at(plain).length + at(app).length === 0, 10_000, 'diagnostics cleared');
    } finally {
      other.close();
    }
  });
});
