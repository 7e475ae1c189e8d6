import assert from 'node:assert/strict';
import { delimiter, resolve } from 'node:path';
import { resolveConfig } from '../../../../src/connector/config/config';
import { configFromEnvironment } from '../../../../src/connector/config/envConfig';

describe('trust flags of the standalone connector (--token, --extension-ids, --files-root)', () => {
  it('reads the token from the flag or BROWSER_DEBUG_TOKEN, extra ids, and only the file roots given (never the working folder)', () => {
    const id = 'b'.repeat(32);
    const flags = configFromEnvironment({}, [
      '--token',
      'from-the-command-line-123',
      `--extension-ids=${id}`,
      '--files-root',
      '/srv/a',
      '--files-root=/srv/b',
    ]);
    assert.equal(flags.token, 'from-the-command-line-123');
    assert.deepEqual(flags.extensionIds, [id]);
    assert.deepEqual(flags.filesRoots, [resolve('/srv/a'), resolve('/srv/b')]);
    const env = configFromEnvironment(
      { BROWSER_DEBUG_TOKEN: 'from-the-environment-1234', BROWSER_DEBUG_FILES_ROOTS: ['/x', '/y'].join(delimiter) },
      [],
    );
    assert.equal(env.token, 'from-the-environment-1234');
    assert.deepEqual(env.filesRoots, [resolve('/x'), resolve('/y')]);
    assert.equal(configFromEnvironment({}, []).filesRoots, undefined, 'the default (no root) applies');
    assert.deepEqual(resolveConfig(configFromEnvironment({}, [])).filesRoots, [], 'no implicit root');
  });

  it('lets secrets in only when asked: --files-allow-secrets alone, =false, or the variable', () => {
    assert.equal(resolveConfig({}).allowSecretFiles, false);
    assert.equal(configFromEnvironment({}, ['--files-allow-secrets', '--port', '3030']).allowSecretFiles, true);
    assert.equal(configFromEnvironment({}, ['--files-allow-secrets=false']).allowSecretFiles, false);
    assert.equal(configFromEnvironment({ BROWSER_DEBUG_FILES_ALLOW_SECRETS: '1' }, []).allowSecretFiles, true);
    assert.throws(
      () => configFromEnvironment({ BROWSER_DEBUG_FILES_ALLOW_SECRETS: 'maybe' }, []),
      /Invalid --files-allow-secrets 'maybe'/,
    );
  });

  it('refuses an extension id that is not 32 letters a-p', () => {
    assert.throws(() => configFromEnvironment({}, ['--extension-ids', 'abc']), /Invalid extension id 'abc'/);
    assert.throws(() => configFromEnvironment({}, ['--extension-ids', 'z'.repeat(32)]), /expected 32 letters a-p/);
  });
});
