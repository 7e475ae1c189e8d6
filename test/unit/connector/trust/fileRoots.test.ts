import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkUploadPaths, FileAccessError, readRootedFile, vetRoots } from '../../../../src/connector/trust/fileRoots';

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

  it('upload: .env, .git/config, id_rsa, keys and dot-folders inside a root are refused unless allowed', () => {
    const secrets = ['.env', '.env.local', '.npmrc', 'server.pem', 'tls.key', 'id_rsa', 'id_ed25519.pub', '.netrc'];
    mkdirSync(join(root, '.git'), { recursive: true });
    mkdirSync(join(root, '.ssh'), { recursive: true });
    mkdirSync(join(root, '.cache'), { recursive: true });
    const paths = [
      ...secrets.map((name) => join(root, name)),
      join(root, '.git', 'config'),
      join(root, '.ssh', 'known_hosts'),
      join(root, '.cache', 'photo.png'),
      join(root, 'innocent.txt'),
    ];
    for (const path of paths.slice(0, -1)) writeFileSync(path, 'SECRET=1');
    // A plain name that is a link to a secret inside the same root: judged by where it points.
    symlinkSync(join(root, '.env'), join(root, 'innocent.txt'));
    for (const path of paths) {
      assert.throws(
        () => checkUploadPaths([join(root, 'sub', 'receipt.txt'), path], [root]),
        (error: Error) =>
          error instanceof FileAccessError &&
          /Refused as possible secrets/.test(error.message) &&
          error.message.includes(path) &&
          /browserDebug\.files\.allowSecrets/.test(error.message) &&
          /--files-allow-secrets/.test(error.message),
        path,
      );
      refused++;
    }
    assert.deepEqual(checkUploadPaths([join(root, '.env')], [root], { allowSecrets: true }), [join(root, '.env')]);
    assert.deepEqual(checkUploadPaths([join(root, 'server.pem')], [root], { allowSecrets: true }), [
      join(root, 'server.pem'),
    ]);
  });

  it('roots: / and the home folder are never roots, and no root at all says how to give one', () => {
    const { usable, refused: why } = vetRoots(['/', homedir(), root, join(dir, 'missing')]);
    assert.deepEqual(usable, [root]);
    assert.match(why[0]!, /\/ is the filesystem root: never a file root/);
    assert.match(why[1]!, /is your home folder: never a file root/);
    assert.match(why[2]!, /does not exist/);
    for (const roots of [['/'], [homedir()], []]) {
      assert.throws(
        () => checkUploadPaths(['/etc/passwd'], roots),
        (error: Error) =>
          error instanceof FileAccessError &&
          /upload_file has no folder to read from/.test(error.message) &&
          /--files-root DIR or BROWSER_DEBUG_FILES_ROOTS/.test(error.message),
        JSON.stringify(roots),
      );
      refused++;
    }
  });

  it('reads: a .env or a key inside a root is refused; a build dot-folder such as .next is read', async () => {
    const caps = { maxBytes: 1024, timeoutMs: 1000 };
    mkdirSync(join(root, '.next'), { recursive: true });
    writeFileSync(join(root, '.next', 'app.js.map'), '{}');
    assert.equal(await readRootedFile(join(root, '.next', 'app.js.map'), [root], caps), '{}');
    writeFileSync(join(root, '.env.production'), 'K=1');
    await assert.rejects(readRootedFile(join(root, '.env.production'), [root], caps), /looks like a secret/);
    assert.equal(await readRootedFile(join(root, '.env.production'), [root], caps, { allowSecrets: true }), 'K=1');
    refused++;
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
