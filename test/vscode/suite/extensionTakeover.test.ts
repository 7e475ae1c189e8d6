import assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, fakeBrowser, hostRig, until } from './hostRig';

describe('Browser Debug in VS Code: a connector another window hosts', () => {
  const rig = hostRig();

  it('attaches to a connector another window hosts, and takes over when that window goes', async () => {
    await rig.app.session.stop('test: another window takes the port');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const runtime = require(
      join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'connectorRuntime.js'),
    );
    const other = await runtime.startConnectorWithMcp(
      { port: rig.port, maxPort: rig.port, screenshots: { dir: join(rig.folder, '.shots') } },
      { logger: rig.app.logger },
    );
    // The other window is this extension too: it journals to the same shared file.
    const journal = runtime.attachJournal(other.connector.services.store, rig.app.journalFile, rig.app.logger);
    await rig.app.session.start();
    assert.equal(rig.app.session.role, 'client');
    assert.equal(rig.app.session.port, rig.port);
    const peer = await fakeBrowser(rig.port);
    peer.send([{ type: 'console-log', level: 'info', message: 'from the other window', timestamp: Date.now() }]);
    await until(
      () => rig.app.feed.console.some((entry) => entry.message === 'from the other window'),
      10_000,
      'the other window’s captures',
    );
    peer.close();
    journal();
    await other.stop('the other window closed');
    await until(() => rig.app.session.role === 'owner', 10_000, 'the takeover');
    assert.equal(rig.app.session.port, rig.port);
    await until(
      () => rig.app.feed.console.some((entry) => entry.message === 'from the other window'),
      10_000,
      'history carried across the takeover',
    );
    rig.browser = await fakeBrowser(rig.port);
  });
});
