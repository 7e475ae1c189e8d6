import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { mcpApi } from '../../../src/vscode/mcpApi';
import { EXTENSION_ID, hostRig, mcpInitialize, until } from './hostRig';

describe('Browser Debug in VS Code: activation', () => {
  const rig = hostRig();

  it('starts the connector on activation, on the configured port (its cost: npm run bench:editor)', async () => {
    assert.equal(rig.port, vscode.workspace.getConfiguration('browserDebug').get('connector.port'));
    const identity = await (await fetch(`http://127.0.0.1:${rig.port}/.identity`)).json();
    assert.equal(identity.name, 'browser-debug-connector');
    writeFileSync(
      join(rig.folder, '.vscode-test-figures.json'),
      JSON.stringify({ activationMs: rig.app.activationMs }),
    );
  });

  it('in a remote window (code-server is one), asks VS Code to forward the connector port', async () => {
    assert.ok(vscode.env.remoteName, 'code-server windows are remote');
    await until(() => rig.app.externalAddress !== undefined, 10_000, 'the forwarded address');
    assert.match(rig.app.externalAddress!, new RegExp(String(rig.port)));
  });

  it('registers every contributed command', async () => {
    const contributed = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.commands as { command: string }[]
    ).map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      contributed.filter((command) => !registered.has(command)),
      [],
    );
    assert.ok(contributed.length >= 13);
  });

  it('"Pair Browser" shows a one-time code of the connector that pairs a browser once', async () => {
    const code = await vscode.commands.executeCommand<string>('browserDebug.pairBrowser');
    assert.match(code, new RegExp(`^${rig.port}-[2-9A-Z]{4}-[2-9A-Z]{4}$`));
    const redeem = () =>
      fetch(`http://127.0.0.1:${rig.port}/pairing/pair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: code.slice(code.indexOf('-') + 1) }),
      });
    const paired = await redeem();
    assert.equal(paired.status, 200);
    assert.match(((await paired.json()) as { key: string }).key, /^[0-9a-f]{64}$/);
    assert.equal((await redeem()).status, 403, 'a code pairs once');
  });

  it('offers an MCP HTTP server definition at the connector’s /mcp', async () => {
    const api = mcpApi();
    assert.ok(api, 'code-server 1.139 has the MCP provider API (found at run time: engines.vscode is older)');
    const [definition] = rig.app.mcpDefinitions();
    assert.ok(definition instanceof api.McpHttpServerDefinition);
    assert.equal(definition.uri.toString(), `http://127.0.0.1:${rig.port}/mcp`);
    // The provider's headers carry the user secret, as VS Code's MCP client sends them.
    const initialize = await mcpInitialize(definition.uri.toString(), definition.headers ?? {}, 'test');
    assert.equal(initialize.status, 200);
  });
});

describe('Browser Debug in VS Code: settings applied live', () => {
  const rig = hostRig();
  const config = () => vscode.workspace.getConfiguration('browserDebug');

  it('turning mcp.enabled off and on withdraws and offers the MCP definition at once, with no reload', async () => {
    const nextChange = () =>
      new Promise<void>((resolve) => {
        const once = rig.app.mcpDefinitionsChanged.event(() => {
          once.dispose();
          resolve();
        });
      });
    let changed = nextChange();
    await config().update('mcp.enabled', false, vscode.ConfigurationTarget.Global);
    await changed;
    assert.deepEqual(rig.app.mcpDefinitions(), []);
    changed = nextChange();
    await config().update('mcp.enabled', undefined, vscode.ConfigurationTarget.Global);
    await changed;
    assert.equal(rig.app.mcpDefinitions()[0]?.uri.toString(), `http://127.0.0.1:${rig.port}/mcp`);
  });

  it('screenshots.folder expands ${workspaceFolder}; a folder the window lacks falls back to the default', async () => {
    await config().update('screenshots.folder', '${workspaceFolder}/shots', vscode.ConfigurationTarget.Workspace);
    assert.equal(rig.app.settings().screenshotFolder, join(rig.folder, 'shots'));
    await config().update('screenshots.folder', '${workspaceFolder:nope}/x', vscode.ConfigurationTarget.Workspace);
    assert.equal(rig.app.settings().screenshotFolder, '');
    await config().update('screenshots.folder', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('connector.port is machine-scoped: a workspace cannot move it', async () => {
    await config()
      .update('connector.port', rig.port + 1, vscode.ConfigurationTarget.Workspace)
      .then(
        () => undefined,
        () => undefined,
      );
    assert.equal(config().get('connector.port'), rig.port, 'a workspace value is not applied');
    await config()
      .update('connector.port', undefined, vscode.ConfigurationTarget.Workspace)
      .then(
        () => undefined,
        () => undefined,
      );
    const packageJson = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { configuration: { properties: Record<string, { scope?: string }> }[] };
    };
    const port = packageJson.contributes.configuration.find(
      (section) => section.properties['browserDebug.connector.port'],
    );
    assert.equal(port?.properties['browserDebug.connector.port']?.scope, 'machine');
  });
});
