import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

const root = resolve(__dirname, '../../..');
const importVscode = "import * as vscode from 'vscode';\nexport const version = vscode.version;\n";

async function lint(path: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(importVscode, { filePath: resolve(root, path) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('dependency direction (lint)', function () {
  this.timeout(60_000);

  it('fails a vscode import in the connector, shared code or MCP', async () => {
    for (const path of ['src/connector/anything.ts', 'src/shared/anything.ts', 'src/mcp/anything.ts', 'src/cli.ts']) {
      const messages = await lint(path);
      assert.ok(
        messages.some((m) => m.startsWith('no-restricted-imports') && m.includes('src/vscode/')),
        `${path}: ${messages.join('; ')}`,
      );
    }
  });

  it('allows it in src/vscode/ and src/extension.ts', async () => {
    for (const path of ['src/vscode/anything.ts', 'src/extension.ts']) {
      assert.deepEqual(
        (await lint(path)).filter((m) => m.startsWith('no-restricted-imports')),
        [],
        path,
      );
    }
  });
});
