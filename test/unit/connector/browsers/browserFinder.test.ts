import assert from 'node:assert/strict';
import {
  BrowserNotFoundError,
  defaultSources,
  findBrowser,
  kindOfPath,
  listBrowsers,
  type BrowserSources,
} from '../../../../src/connector/browsers/browserFinder';

/** A machine with these files, chrome-launcher and edge-paths answering as given. */
function machine(files: string[], options: Partial<BrowserSources> = {}): BrowserSources {
  const chrome = files.filter((path) => !/edge|brave/i.test(path));
  const edge = files.filter((path) => /edge/i.test(path));
  return {
    chromeInstallations: async () => chrome,
    edgeInstallations: async () => edge,
    exists: (path) => files.includes(path),
    env: {},
    platform: 'linux',
    ...options,
  };
}

describe('Launch Browser: which browser (browserDebug.launch.browser, chrome-launcher + edge-paths)', () => {
  const linux = [
    '/usr/bin/google-chrome-stable',
    '/usr/bin/google-chrome-beta',
    '/usr/bin/google-chrome-unstable',
    '/usr/bin/microsoft-edge-stable',
    '/usr/bin/brave-browser',
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium',
  ];

  it('names each installation by its path', () => {
    assert.deepEqual(
      [
        '/Applications/Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary',
        'C:\\Program Files\\Google\\Chrome Beta\\Application\\chrome.exe',
        '/usr/bin/microsoft-edge-beta',
        '/Applications/Brave Browser.app/Contents/MacOS/Brave Browser',
        '/snap/bin/chromium',
        '/opt/google/chrome/chrome',
      ].map(kindOfPath),
      ['chrome-canary', 'chrome-beta', 'edge', 'brave', 'chromium', 'chrome'],
    );
  });

  it('finds each kind the setting names; empty takes Chrome first; Debian’s chromium wrapper becomes its binary', async () => {
    const sources = machine(linux);
    assert.equal((await findBrowser('', sources)).path, '/usr/bin/google-chrome-stable');
    assert.equal((await findBrowser('chrome-beta', sources)).path, '/usr/bin/google-chrome-beta');
    assert.equal((await findBrowser('chrome-canary', sources)).path, '/usr/bin/google-chrome-unstable');
    assert.deepEqual(await findBrowser('edge', sources), {
      path: '/usr/bin/microsoft-edge-stable',
      kind: 'edge',
      name: 'Microsoft Edge',
    });
    assert.equal((await findBrowser('brave', sources)).path, '/usr/bin/brave-browser');
    assert.equal((await findBrowser('chromium', sources)).path, '/usr/lib/chromium/chromium');
    assert.equal((await listBrowsers(sources)).filter((browser) => browser.kind === 'chromium').length, 1);
  });

  it('a path is used as it is; CHROME_PATH comes first when the setting is empty', async () => {
    const sources = machine([...linux, '/opt/my/chrome'], { env: { CHROME_PATH: '/usr/bin/google-chrome-beta' } });
    assert.deepEqual(await findBrowser('/opt/my/chrome', sources), {
      path: '/opt/my/chrome',
      kind: 'path',
      name: '/opt/my/chrome',
    });
    assert.deepEqual(await findBrowser('', sources), {
      path: '/usr/bin/google-chrome-beta',
      kind: 'chrome-beta',
      name: 'Google Chrome Beta',
    });
    assert.equal(
      (await findBrowser('chrome', sources)).path,
      '/usr/bin/google-chrome-stable',
      'a kind beats CHROME_PATH',
    );
  });

  it('says what is missing, what is installed and what to set', async () => {
    const sources = machine(['/usr/lib/chromium/chromium', '/usr/bin/chromium']);
    await assert.rejects(
      findBrowser('edge', sources),
      (error: Error) =>
        error instanceof BrowserNotFoundError &&
        /^Microsoft Edge is not installed here\. Installed: chromium\. Set browserDebug\.launch\.browser/.test(
          error.message,
        ),
    );
    await assert.rejects(
      findBrowser('/no/such/browser', sources),
      /neither a browser \(chrome, chrome-beta, .*\) nor an existing file/,
    );
    await assert.rejects(findBrowser('', machine([])), /found no Chrome, Chromium, Edge or Brave.*CHROME_PATH/);
    const failing = machine([], { chromeInstallations: () => Promise.reject(new Error('no which')) });
    await assert.rejects(findBrowser('', failing), BrowserNotFoundError, 'a failing source is no browser, not a crash');
  });

  it('on this machine, through the real chrome-launcher and edge-paths: finds the Chromium the suites use', async () => {
    const found = await listBrowsers(defaultSources({}));
    assert.ok(
      found.some((browser) => browser.kind === 'chromium' && browser.path === '/usr/lib/chromium/chromium'),
      JSON.stringify(found),
    );
  });
});
