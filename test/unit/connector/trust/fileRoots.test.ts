import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkUploadPaths, FileAccessError, readRootedFile } from '../../../../src/connector/trust/fileRoots';

describe('trust/fileRoots: which files the connector may hand out or read', () => {
  let dir: string;
  let root: string;
  let refused = 0;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'bd-roots-'));
    root = join(dir, 'workspace');
    mkdirSync(join(root, 'sub'), { recursive: true });
    writeFileSync(join(root, 'sub', 'receipt.txt'), 'ok');
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    symlinkSync(join(dir, 'secret.txt'), join(root, 'escape.txt'));
    symlinkSync(dir, join(root, 'up'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
    console.log(`      file roots: ${refused} hostile paths tried, ${refused} refused`);
  });

  it('upload: files under the roots pass as real paths; anything else names the allowed roots', () => {
    assert.deepEqual(checkUploadPaths([join(root, 'sub', 'receipt.txt')], [root]), [join(root, 'sub', 'receipt.txt')]);
    for (const path of [
      join(dir, 'secret.txt'),
      join(root, 'escape.txt'),
      join(root, 'up', 'secret.txt'),
      join(root, '..', 'secret.txt'),
      join(homedir(), '.ssh', 'id_rsa'),
      '/etc/passwd',
    ]) {
      if (!existsSync(path)) continue;
      assert.throws(
        () => checkUploadPaths([join(root, 'sub', 'receipt.txt'), path], [root]),
        (error: Error) =>
          error instanceof FileAccessError && error.message.includes(root) && /Not inside/.test(error.message),
        path,
      );
      refused++;
    }
    assert.throws(() => checkUploadPaths([join(root, 'nope.txt')], [root]), /No such file/);
    assert.throws(() => checkUploadPaths(['relative.txt'], [root]), /No such file/);
    assert.throws(() => checkUploadPaths([join(root, 'sub')], [root]), /No such file/, 'a folder is not a file');
    assert.throws(() => checkUploadPaths([join(root, 'sub', 'receipt.txt')], []), /open a folder in VS Code/);
  });

  it('reads: /dev/zero, a FIFO and /dev/tty are refused at once, even under a root', async () => {
    const fifo = join(root, 'pipe.js');
    execFileSync('mkfifo', [fifo]);
    symlinkSync('/dev/zero', join(root, 'zero.js'));
    const caps = { maxBytes: 1024 * 1024, timeoutMs: 1000 };
    for (const [path, roots] of [
      ['/dev/zero', ['/']],
      ['/dev/tty', ['/']],
      [fifo, [root]],
      [join(root, 'zero.js'), [root]],
      [join(root, 'escape.txt'), [root]],
      [join(dir, 'secret.txt'), [root]],
    ] as const) {
      // A read that blocked (a device, a FIFO) would end on the 1 s deadline ("took longer than").
      await assert.rejects(
        readRootedFile(path, roots, caps),
        (error: Error) => Boolean(error.message) && !/took longer than/.test(error.message),
        path,
      );
      refused++;
    }
  });

  it('reads: a regular file within the byte cap; a bigger one is refused', async () => {
    writeFileSync(join(root, 'big.js'), 'x'.repeat(5000));
    assert.equal(
      await readRootedFile(join(root, 'sub', 'receipt.txt'), [root], { maxBytes: 100, timeoutMs: 1000 }),
      'ok',
    );
    await assert.rejects(
      readRootedFile(join(root, 'big.js'), [root], { maxBytes: 4096, timeoutMs: 1000 }),
      /larger than 4096/,
    );
    refused++;
  });
});
