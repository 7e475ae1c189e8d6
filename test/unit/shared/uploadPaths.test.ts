import assert from 'node:assert/strict';
import { uploadRefusal } from '../../../src/shared/uploadPaths';

describe("the browser extension's own upload path check", () => {
  const roots = ['/home/dev/app'];

  it('lets through regular files under a root', () => {
    for (const path of ['/home/dev/app/fixtures/photo.png', '/home/dev/app/a b/report.pdf'])
      assert.equal(uploadRefusal(path, roots), undefined, path);
    assert.equal(uploadRefusal('C:\\work\\app\\x.txt', ['C:\\work\\app']), undefined);
  });

  it('refuses paths outside the roots, relative ones, and . or .. segments', () => {
    const cases: [string, RegExp][] = [
      ['/etc/passwd', /outside the connector's file roots \(\/home\/dev\/app\)/],
      ['/home/dev/application/x.txt', /outside/],
      ['/home/dev/app', /outside/],
      ['fixtures/photo.png', /not an absolute path/],
      ['/home/dev/app/../.ssh/id_rsa', /'\.' or '\.\.' segments/],
      ['/home/dev/app/./x.txt', /segments/],
    ];
    for (const [path, why] of cases) assert.match(String(uploadRefusal(path, roots)), why, path);
    assert.match(String(uploadRefusal('/home/dev/app/x.txt', [])), /outside the connector's file roots \(none\)/);
  });

  it('refuses dot files, files in dot folders, keys and credentials even under a root', () => {
    for (const path of [
      '/home/dev/app/.env',
      '/home/dev/app/.git/config',
      '/home/dev/app/config/prod.env',
      '/home/dev/app/certs/server.pem',
      '/home/dev/app/certs/server.KEY',
      '/home/dev/app/keys/id_ed25519',
      '/home/dev/app/credentials.json',
      '/home/dev/app/secrets.yaml',
    ])
      assert.match(String(uploadRefusal(path, roots)), /dot file, in a dot folder, or a key or credentials file/, path);
  });
});
