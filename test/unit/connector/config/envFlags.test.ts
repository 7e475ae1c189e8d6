import assert from 'node:assert/strict';
import { delimiter } from 'node:path';
import { configFromEnvironment, journalFromEnvironment } from '../../../../src/connector/config/envConfig';

/** The standalone connector's flags (util.parseArgs), on the inputs the hand-written parser took. */
describe('standalone connector flags', () => {
  const config = (...argv: string[]) => configFromEnvironment({}, argv);

  it('takes --flag value and --flag=value, the last one winning, and flags over variables', () => {
    assert.equal(config('--port', '3030').port, 3030);
    assert.equal(config('--port=3031').port, 3031);
    assert.equal(config('--port', '1', '--port', '2').port, 2);
    assert.equal(configFromEnvironment({ BROWSER_DEBUG_PORT: '4000' }, ['--port', '4001']).port, 4001);
    assert.deepEqual(config('--allowed-origins', 'http://a.test, http://b.test').allowedOrigins, [
      'http://a.test',
      'http://b.test',
    ]);
  });

  it('keeps every --files-root, and reads --journal off', () => {
    const roots = config('--files-root', '/srv/a', '--files-root=/srv/b').filesRoots;
    assert.deepEqual(
      roots?.filter((root) => root.startsWith('/srv/')),
      ['/srv/a', '/srv/b'],
      `joined with ${delimiter}`,
    );
    assert.equal(journalFromEnvironment({}, ['--journal', 'off']), undefined);
    assert.equal(journalFromEnvironment({}, ['--journal=/tmp/j.jsonl', '--port', '3030']), '/tmp/j.jsonl');
  });

  it('refuses unknown flags, stray arguments and missing values, saying which and what there is', () => {
    assert.throws(() => config('--remote-orgins', 'x'), /^Error: Unknown flag --remote-orgins\. Try --port 3025/);
    assert.throws(() => config('3030'), /Unexpected argument '3030'\. Try --port/);
    assert.throws(() => config('--port'), /--port needs a value/);
    assert.throws(() => config('--port', '--host', 'x'), /--port needs a value/);
    assert.throws(() => config('--port', 'abc'), /Invalid port 'abc'/);
  });
});
