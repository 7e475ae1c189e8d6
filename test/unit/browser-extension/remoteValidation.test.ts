import { strict as assert } from 'node:assert';
import { validateRemoteSettings } from '../../../browser-extension/src/background/remoteValidation';

const valid = {
  enabled: true,
  url: 'https://edge.example.com/',
  apiKey: ' bdk_abc ',
  sessionId: 'team-session_1',
  allowScripts: false,
};
const fieldOf = (input: Partial<typeof valid>) => {
  const result = validateRemoteSettings({ ...valid, ...input });
  return result.ok ? 'ok' : result.field;
};

describe('browser extension: remote settings check', () => {
  it('normalises a good configuration', () => {
    assert.deepEqual(validateRemoteSettings(valid), {
      ok: true,
      settings: {
        enabled: true,
        url: 'https://edge.example.com',
        apiKey: 'bdk_abc',
        sessionId: 'team-session_1',
        allowScripts: false,
      },
    });
    assert.equal(
      (validateRemoteSettings({ ...valid, url: 'https://example.com/edge/' }) as { settings: { url: string } }).settings
        .url,
      'https://example.com/edge',
    );
  });

  it('allows plain http only on loopback, where wrangler dev runs', () => {
    for (const url of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787', 'http://edge.localhost'])
      assert.equal(fieldOf({ url }), 'ok', url);
    for (const url of [
      'http://edge.example.com',
      'ws://edge.example.com',
      'edge.example.com',
      'https://user:pw@edge.example.com',
      'https://edge.example.com/?key=1',
    ])
      assert.equal(fieldOf({ url }), 'url', url);
  });

  it('needs an API key and a URL to turn on, but saves a half-filled form while off', () => {
    assert.equal(fieldOf({ apiKey: '' }), 'apiKey');
    assert.equal(fieldOf({ apiKey: 'eyJhbGciOi.token' }), 'apiKey', 'a token pasted for a key');
    assert.equal(fieldOf({ url: '' }), 'url');
    assert.equal(fieldOf({ enabled: false, url: '', apiKey: '' }), 'ok');
  });

  it('takes session ids the edge takes', () => {
    assert.equal(fieldOf({ sessionId: 'short' }), 'sessionId');
    assert.equal(fieldOf({ sessionId: 'has space in it' }), 'sessionId');
    assert.equal(fieldOf({ sessionId: crypto.randomUUID() }), 'ok');
  });
});
