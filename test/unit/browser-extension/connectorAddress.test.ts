import assert from 'node:assert/strict';
import { connectorAddress, parseConnectorAddress } from '../../../browser-extension/src/common/connectorAddress';
import { compareVersions } from '../../../browser-extension/src/background/selfReload';

describe('browser extension: the popup’s connector address and the self-reload version check', () => {
  it('keeps an http(s) address as VS Code shows it, without its trailing slash', () => {
    assert.deepEqual(parseConnectorAddress(' http://127.0.0.1:8080/proxy/3025/ '), {
      address: 'http://127.0.0.1:8080/proxy/3025',
    });
    assert.deepEqual(parseConnectorAddress('https://devbox-3025.app.github.dev/'), {
      address: 'https://devbox-3025.app.github.dev',
    });
    assert.deepEqual(parseConnectorAddress(''), {}, 'empty: discovery on local ports');
  });

  it('refuses what is not such an address, saying what to paste', () => {
    for (const [text, message] of [
      ['localhost:3025', /starts with http/],
      ['not a url', /is not a URL/],
      ['ftp://host/proxy/3025/', /starts with http/],
      ['https://host/proxy/3025/?token=x', /no query/],
      ['https://user:secret@host/proxy/3025/', /credentials/],
    ] as const)
      assert.match(parseConnectorAddress(text).error ?? '', message, text);
    assert.equal(
      connectorAddress({ connectorAddress: 'javascript:alert(1)' }),
      undefined,
      'a stored bad value is ignored',
    );
  });

  it('compares dotted versions numerically', () => {
    assert.ok(compareVersions('0.10.0', '0.9.9') > 0);
    assert.ok(compareVersions('0.1.0', '0.1.0') === 0);
    assert.ok(compareVersions('0.1', '0.1.1') < 0);
    assert.ok(compareVersions('1.0.0-beta', '0.9.0') > 0);
  });
});
