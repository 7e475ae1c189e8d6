import assert from 'node:assert/strict';
import { defaultConfig, resolveConfig } from '../../../../src/connector/config/config';
import { configFromEnvironment } from '../../../../src/connector/config/envConfig';
import { silentLogger } from '../../../../src/connector/logging/logger';
import { NetworkMockService, type MockCommands } from '../../../../src/connector/networkMocks/networkMockService';
import { CaptureStore } from '../../../../src/connector/capture/store';
import type { NetworkMock } from '../../../../src/shared/networkMocks';
import { until } from '../../../support/until';

/** A browser that keeps the rules it is given, as the extension does. */
function fakeBrowser() {
  const rules = new Map<string, NetworkMock>();
  const command: MockCommands = {
    add: async (args) => {
      const mock: NetworkMock = { ...args.rule, id: args.id, tabId: 7, createdAt: 1, hits: 0 };
      rules.set(mock.id, mock);
      return { mock };
    },
    clear: async (args) => {
      if (args.id) rules.delete(args.id);
      else rules.clear();
      return { cleared: 1, mocks: [...rules.values()] };
    },
    list: async () => ({ mocks: [...rules.values()] }),
  };
  return { rules, command };
}

describe('network mock service (connector)', () => {
  const setup = (idleMs = 60_000) => {
    const store = new CaptureStore(defaultConfig().limits);
    const browser = fakeBrowser();
    const service = new NetworkMockService(browser.command, store, silentLogger, { idleMs });
    return { store, browser, service };
  };

  it('names rules, counts hits from the marked captures, and drops a rule whose times are spent', async () => {
    const { store, service } = setup();
    const mock = await service.add({ url: '*/api/*', action: 'respond', status: 503, times: 2 });
    assert.equal(mock.id, 'mock-1');
    const hit = () =>
      store.ingest({
        type: 'network-request',
        method: 'GET',
        url: 'http://localhost/api/x',
        status: 503,
        timestamp: Date.now(),
        mocked: { ruleId: 'mock-1', action: 'respond' },
      });
    hit();
    assert.deepEqual(
      service.known.map(({ hits, remaining }) => ({ hits, remaining })),
      [{ hits: 1, remaining: 1 }],
    );
    hit();
    assert.deepEqual(service.known, []);
  });

  it('clears one or all, and says which ids exist when asked for an unknown one', async () => {
    const { browser, service } = setup();
    await service.add({ url: 'a', action: 'block' });
    await service.add({ url: 'b', action: 'block' });
    await assert.rejects(service.clear('mock-9'), /No network mock 'mock-9'\. Rules in force: mock-1, mock-2\./);
    assert.deepEqual(await service.clear('mock-1'), { cleared: ['mock-1'] });
    assert.deepEqual(await service.clear(), { cleared: ['mock-2'] });
    assert.equal(browser.rules.size, 0);
  });

  it('forgets rules the browser no longer has when listing', async () => {
    const { browser, service } = setup();
    await service.add({ url: 'a', action: 'block' });
    browser.rules.clear();
    assert.deepEqual(await service.list(), []);
  });

  it('ends every rule after the idle time, and tells listeners', async () => {
    const { browser, service } = setup(50);
    const seen: number[] = [];
    service.onChange((mocks) => seen.push(mocks.length));
    await service.add({ url: 'a', action: 'block' });
    await until(() => browser.rules.size === 0, 2000, 'the idle end');
    assert.deepEqual(seen, [1, 0]);
  });

  it('takes its idle time from the config: 30 minutes by default, a flag or BROWSER_DEBUG_MOCK_IDLE_MINUTES', () => {
    assert.equal(resolveConfig().networkMocks.idleMs, 30 * 60_000);
    assert.deepEqual(configFromEnvironment({ BROWSER_DEBUG_MOCK_IDLE_MINUTES: '5' }, []).networkMocks, {
      idleMs: 300_000,
    });
    assert.deepEqual(configFromEnvironment({}, ['--mock-idle-minutes', '2']).networkMocks, { idleMs: 120_000 });
    assert.throws(() => configFromEnvironment({ BROWSER_DEBUG_MOCK_IDLE_MINUTES: '0' }, []), /at least 1/);
  });
});
