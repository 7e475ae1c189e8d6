import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkExportTarget } from '../../../../src/vscode/recordings/exportTarget';

describe('Export as Test: where VS Code may write (real paths)', () => {
  let workspace: string;
  let elsewhere: string;
  beforeEach(() => {
    workspace = mkdtempSync(join(tmpdir(), 'bd-export-ws-'));
    elsewhere = mkdtempSync(join(tmpdir(), 'bd-export-out-'));
  });
  afterEach(() => {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('accepts tests/ inside the workspace, existing or not yet created, and the workspace root', async () => {
    await checkExportTarget(workspace, join(workspace, 'tests', 'a.spec.ts'));
    mkdirSync(join(workspace, 'e2e'));
    await checkExportTarget(workspace, join(workspace, 'e2e', 'a.spec.ts'));
    await checkExportTarget(workspace, join(workspace, 'a.spec.ts'));
  });

  it('refuses a tests/ symlink that points outside the workspace, naming the folder', async () => {
    symlinkSync(elsewhere, join(workspace, 'tests'));
    await assert.rejects(
      checkExportTarget(workspace, join(workspace, 'tests', 'a.spec.ts')),
      /tests resolves outside the workspace folder \(a symbolic link\)/,
    );
    symlinkSync(elsewhere, join(workspace, 'deep'));
    await assert.rejects(checkExportTarget(workspace, join(workspace, 'deep', 'new', 'a.spec.ts')), /resolves outside/);
  });

  it('accepts a link that stays inside the workspace, refuses a dangling link at the file itself', async () => {
    mkdirSync(join(workspace, 'real-tests'));
    symlinkSync(join(workspace, 'real-tests'), join(workspace, 'tests'));
    await checkExportTarget(workspace, join(workspace, 'tests', 'a.spec.ts'));
    symlinkSync(join(elsewhere, 'created-by-a-write'), join(workspace, 'real-tests', 'b.spec.ts'));
    await assert.rejects(
      checkExportTarget(workspace, join(workspace, 'tests', 'b.spec.ts')),
      /already exists \(or is a link\)/,
    );
  });
});
