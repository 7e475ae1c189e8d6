import assert from 'node:assert/strict';
import { consoleLog } from '../../../support/connector';
import { get, post } from '../../../support/http';
import { httpApiRig } from './httpApiRig';

describe('connector HTTP API: page', () => {
  const api = httpApiRig();

  it('GET /current-url says when no page was reported, and POST /current-url sets it', async () => {
    assert.equal((await get(api.port, '/current-url')).json.url, null);
    const posted = await post(api.port, '/current-url', { url: 'http://localhost:5173/', tabId: 7, source: 'test' });
    assert.equal(posted.json.success, true);
    const { json } = await get(api.port, '/current-url');
    assert.equal(json.url, 'http://localhost:5173/');
    assert.equal(json.tabId, 7);
    assert.equal(json.source, 'test');
  });

  it('tracks page loads from page-navigated frames and keeps history across them', async () => {
    await api.feed([
      { type: 'page-navigated', url: 'http://app/one', tabId: 1, pageLoadId: 'load-1', timestamp: Date.now() },
      consoleLog('on one', { tabId: 1 }),
      {
        type: 'page-navigated',
        url: 'http://app/two',
        tabId: 1,
        pageLoadId: 'load-2',
        timestamp: Date.now(),
        title: 'Two',
      },
      consoleLog('on two', { tabId: 1 }),
    ]);
    const logs = (await get(api.port, '/console-logs')).json.logs;
    assert.deepEqual(
      logs.map((l: { message: string; pageLoadId: string }) => [l.message, l.pageLoadId]),
      [
        ['on one', 'load-1'],
        ['on two', 'load-2'],
      ],
    );
    const page = (await get(api.port, '/current-url')).json;
    assert.equal(page.url, 'http://app/two');
    assert.equal(page.title, 'Two');
  });

  it('GET /selected-element returns the latest selection', async () => {
    assert.equal((await get(api.port, '/selected-element')).json.element, null);
    const element = {
      tagName: 'BUTTON',
      id: 'save',
      className: 'primary',
      attributes: { id: 'save', class: 'primary' },
      dimensions: { width: 80, height: 24, top: 10, left: 20 },
      innerHTML: 'Save',
      textContent: 'Save',
    };
    await api.feed([{ type: 'selected-element', element, timestamp: Date.now(), url: 'http://app/' }]);
    const { json } = await get(api.port, '/selected-element');
    assert.deepEqual(json.element, element);
    assert.equal((await get(api.port, '/api/v1/selected-element')).json.data.element.id, 'save');
  });
});
