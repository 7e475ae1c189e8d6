import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BrowserDebug } from '../../../src/vscode/browserDebug';
import { EXTENSION_ID, fakeBrowser, type FakeBrowser, until } from './hostRig';

describe('Browser Debug in VS Code: Web Vitals', () => {
  let app: BrowserDebug;
  let browser: FakeBrowser;

  before(async () => {
    app = await vscode.extensions.getExtension<BrowserDebug>(EXTENSION_ID)!.activate();
    await until(() => app.session.role === 'owner' && app.feed.connected, 20_000, 'the connector to start');
    browser = await fakeBrowser(app.session.port!);
  });
  after(() => browser?.close());

  it('keeps the vitals of each page load and shows the current page’s in the status bar tooltip', async () => {
    const now = Date.now();
    const url = 'http://127.0.0.1:5173/vitals';
    browser.send([
      { type: 'page-navigated', url, title: 'Vitals page', tabId: 7, pageLoadId: 'vitals-load', timestamp: now },
      {
        type: 'web-vitals',
        metric: { name: 'LCP', value: 3100, target: 'img.hero' },
        url,
        tabId: 7,
        pageLoadId: 'vitals-load',
        timestamp: now + 1,
      },
      {
        type: 'web-vitals',
        metric: { name: 'CLS', value: 0.02 },
        url,
        tabId: 7,
        pageLoadId: 'vitals-load',
        timestamp: now + 2,
      },
    ]);
    await until(() => app.feed.vitals.get('vitals-load')?.metrics.CLS !== undefined, 10_000, 'the vitals in the feed');
    assert.equal(app.feed.vitals.get('vitals-load')!.metrics.LCP!.rating, 'needs-improvement');
    await until(
      () => String(app.statusBar.item.tooltip ?? '').includes('Web Vitals'),
      10_000,
      'the tooltip to show the vitals',
    );
    const tooltip = String(app.statusBar.item.tooltip);
    assert.match(tooltip, /LCP 3100 ms \(needs improvement\)/);
    assert.match(tooltip, /CLS 0\.020 \(good\)/);
  });
});
