import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { hostRig, until } from './hostRig';
import { callerHeaders } from '../../../src/vscode/callerSecret';

describe('Browser Debug in VS Code: sharing with the edge', () => {
  const rig = hostRig();

  it('shares captures of the chosen origins with the edge and shows the remote state in the status bar', async () => {
    // The outer test started `wrangler dev --local` and registered an account.
    const edge = JSON.parse(readFileSync(join(rig.folder, '.vscode-test-edge.json'), 'utf8')) as {
      url: string;
      apiKey: string;
      readerToken: string;
    };
    const config = () => vscode.workspace.getConfiguration('browserDebug');
    // Machine-scoped: only user settings may turn sharing on, never a workspace's.
    const user = vscode.ConfigurationTarget.Global;
    try {
      await config().update('remote.sharedOrigins', [rig.origin], user);
      await config().update('remote.url', edge.url, user);
      await rig.app.remote.setApiKey(edge.apiKey);
      await until(() => rig.app.feed.remote?.state === 'online', 30_000, 'the tunnel to open');
      // The item follows the feed's batched change event.
      await until(
        () => /^\$\(cloud\) Remote/.test(rig.app.remoteStatusBar.item.text),
        5_000,
        'the status bar item to say online',
      );
      assert.match(
        (rig.app.remoteStatusBar.item.tooltip as vscode.MarkdownString).value,
        new RegExp(`Shared origins: ${rig.origin}`),
      );
      rig.browser.send([
        {
          type: 'console-error',
          message: 'shared from VS Code',
          url: `${rig.origin}/index.html`,
          timestamp: Date.now(),
        },
        { type: 'console-error', message: 'private tab', url: 'https://mail.example.com/', timestamp: Date.now() },
      ]);
      const sessionId = rig.app.feed.remote!.sessionId!;
      const remoteMessages = async () => {
        const res = await fetch(`${edge.url}/api/v1/console-logs`, {
          headers: { Authorization: `Bearer ${edge.readerToken}`, 'X-Session-ID': sessionId },
        });
        return ((await res.json()) as { data: { logs: { message: string }[] } }).data.logs.map((log) => log.message);
      };
      await until(
        async () => (await remoteMessages()).includes('shared from VS Code'),
        20_000,
        'the capture on the edge',
      );
      assert.deepEqual(await remoteMessages(), ['shared from VS Code']);

      await config().update('remote.url', 'http://edge.example.com', user);
      await until(() => rig.app.feed.remote === null, 10_000, 'sharing to stop on an invalid URL');
      assert.equal(
        (await fetch(`http://127.0.0.1:${rig.port}/health`, { headers: callerHeaders() })).status,
        200,
        'local capture keeps running',
      );
    } finally {
      await config().update('remote.url', undefined, user);
      await config().update('remote.sharedOrigins', undefined, user);
    }
  });

  it('ignores remote sharing set by a workspace: a cloned repository cannot send captures away', async () => {
    const settingsFile = join(rig.folder, '.vscode', 'settings.json');
    mkdirSync(join(rig.folder, '.vscode'), { recursive: true });
    const changed = new Promise<void>((resolve) => {
      const listener = vscode.workspace.onDidChangeConfiguration(
        (event) => event.affectsConfiguration('browserDebug') && (listener.dispose(), resolve()),
      );
    });
    writeFileSync(
      settingsFile,
      JSON.stringify({
        'browserDebug.remote.url': 'https://edge.example.com',
        'browserDebug.remote.sharedOrigins': ['http://localhost:*'],
        'browserDebug.sourceMaps.pathMapping': {},
      }),
    );
    try {
      await changed;
      assert.equal(
        vscode.workspace.getConfiguration('browserDebug').get('remote.url'),
        '',
        'a machine setting is not read from the workspace',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(rig.app.feed.remote, null);
    } finally {
      rmSync(join(rig.folder, '.vscode'), { recursive: true, force: true });
    }
  });
});
