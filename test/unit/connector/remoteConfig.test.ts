import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from '../../../src/connector/config/config';
import { configFromEnvironment } from '../../../src/connector/config/envConfig';
import { PageUrls } from '../../../src/connector/remote/pageUrls';
import type { StoredEntry } from '../../../src/shared/protocol';
import { get } from '../../support/http';
import { startTestConnector } from '../../support/connector';
import { TestSocket } from '../../support/wsClient';

describe('hybrid mode settings', () => {
  it('reads the remote URL, origins and session from flags or variables, and the API key only from the environment', () => {
    const overrides = configFromEnvironment(
      {
        BROWSER_DEBUG_REMOTE_API_KEY: 'bdk_key',
        BROWSER_DEBUG_REMOTE_ORIGINS: 'http://localhost:*, https://app.example.com',
      },
      [
        '--remote-url',
        'https://edge.example.com/',
        '--remote-session',
        'team-session',
        '--remote-commands',
        'screenshot,tabs',
      ],
    );
    assert.deepEqual(overrides.remote, {
      url: 'https://edge.example.com/',
      origins: ['http://localhost:*', 'https://app.example.com'],
      apiKey: 'bdk_key',
      sessionId: 'team-session',
      commands: ['screenshot', 'tabs'],
    });
    const config = resolveConfig(overrides);
    assert.equal(config.remote?.url, 'https://edge.example.com');
    assert.match(config.remote!.identityFile, /remote-identity\.json$/);
    assert.equal(configFromEnvironment({}, []).remote, undefined, 'off unless a URL is set');
    assert.throws(
      () => configFromEnvironment({}, ['--remote-api-key', 'bdk_key']),
      /Unknown flag --remote-api-key\..*BROWSER_DEBUG_REMOTE_API_KEY/,
    );
    assert.throws(
      () => configFromEnvironment({}, ['--remote-orgins', 'http://localhost:*']),
      /Unknown flag --remote-orgins/,
    );
  });

  it('shares nothing and runs only harmless commands unless told otherwise', () => {
    const config = resolveConfig({ remote: { url: 'https://edge.example.com' } });
    assert.deepEqual(config.remote?.origins, []);
    assert.deepEqual(config.remote?.commands, ['screenshot', 'current-url', 'tabs', 'navigate']);
  });

  it('refuses settings that would leak or could never work, saying what to write instead', () => {
    assert.throws(
      () => resolveConfig({ remote: { url: 'http://edge.example.com' } }),
      /must be https:\/\/ \(http:\/\/ only for loopback\)/,
    );
    assert.throws(
      () => resolveConfig({ remote: { url: 'edge.example.com' } }),
      /Invalid remote URL 'edge.example.com': expected https:\/\//,
    );
    assert.throws(
      () => resolveConfig({ remote: { url: 'https://edge.example.com', origins: ['*'] } }),
      /Invalid shared origin '\*': expected e.g. https:\/\/app.example.com/,
    );
    assert.throws(
      () => resolveConfig({ remote: { url: 'https://edge.example.com', commands: ['reboot' as never] } }),
      /Unknown remote command 'reboot'/,
    );
    assert.throws(
      () => resolveConfig({ remote: { url: 'https://edge.example.com', sessionId: 'a b' } }),
      /Invalid remote session id 'a b': 8 to 128 characters/,
    );
    assert.doesNotThrow(() =>
      resolveConfig({
        remote: { url: 'http://127.0.0.1:8787', origins: ['https://*.example.com', 'http://localhost:*'] },
      }),
    );
  });

  it('says how to recover from a damaged identity file, and keeps the connector running', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bd-identity-'));
    writeFileSync(join(dir, 'identity.json'), '{"keys": ');
    const local = await startTestConnector({
      remote: { url: 'http://127.0.0.1:9', identityFile: join(dir, 'identity.json') },
    });
    try {
      const remote = (await get(local.port, '/health')).json.remote;
      assert.equal(remote.state, 'failed');
      assert.match(remote.lastError, /identity\.json is damaged: delete it to enrol this connector again/);
    } finally {
      await local.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stays out of /health and reports null on /ws while off', async () => {
    const local = await startTestConnector();
    try {
      assert.equal((await get(local.port, '/health')).json.remote, undefined);
      const client = await TestSocket.open(`ws://127.0.0.1:${local.port}/ws`);
      assert.equal((await client.ofType('remote-status')).remote, null);
      await client.close();
    } finally {
      await local.stop();
    }
  });
});

describe('the page a capture belongs to', () => {
  const entry = (fields: Record<string, unknown>) =>
    ({ id: '1', seq: 1, timestamp: 1, pageLoadId: 'unknown', ...fields }) as unknown as StoredEntry;

  it('is the page load of a network request, never the request URL', () => {
    const pages = new PageUrls();
    pages.pageOf(entry({ type: 'page-navigated', url: 'http://localhost:3000/', pageLoadId: 'a', tabId: 1 }));
    pages.pageOf(entry({ type: 'page-navigated', url: 'https://mail.example.com/', pageLoadId: 'b', tabId: 2 }));
    assert.equal(
      pages.pageOf(entry({ type: 'network-request', url: 'http://localhost:3000/api', pageLoadId: 'b', tabId: 2 })),
      'https://mail.example.com/',
    );
    assert.equal(
      pages.pageOf(entry({ type: 'network-request', url: 'https://cdn.test/x.js', pageLoadId: 'unknown', tabId: 1 })),
      'http://localhost:3000/',
      'by tab when the page load is unknown',
    );
    assert.equal(
      pages.pageOf(entry({ type: 'network-request', url: 'https://cdn.test/x.js', pageLoadId: 'unknown' })),
      undefined,
      'unknown pages are not shared',
    );
    assert.equal(
      pages.pageOf(entry({ type: 'console-log', url: 'http://localhost:3000/', pageLoadId: 'b' })),
      'http://localhost:3000/',
      'a console entry names its page',
    );
  });

  it('never takes a page load of one tab for another, whatever current-url events say', () => {
    const pages = new PageUrls();
    pages.pageOf(
      entry({ type: 'page-navigated', url: 'https://staging.example.com/', pageLoadId: 'staging', tabId: 2 }),
    );
    // Tab 1 was open before the connector started: the store stamps its events with the last page load.
    pages.pageOf(entry({ type: 'current-url', url: 'http://localhost:3000/', pageLoadId: 'staging', tabId: 1 }));
    assert.equal(
      pages.pageOf(
        entry({
          type: 'network-request',
          url: 'https://staging.example.com/api/login',
          pageLoadId: 'staging',
          tabId: 2,
        }),
      ),
      'https://staging.example.com/',
    );
    assert.equal(
      pages.pageOf(
        entry({ type: 'network-request', url: 'http://localhost:3000/api', pageLoadId: 'staging', tabId: 1 }),
      ),
      'http://localhost:3000/',
    );
  });
});
