import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserBridge } from '../../../../src/connector/browserBridge';
import { defaultConfig } from '../../../../src/connector/config';
import { silentLogger } from '../../../../src/connector/logger';
import { NetworkMockService, type MockCommand } from '../../../../src/connector/networkMocks/networkMockService';
import { replayWithMocks } from '../../../../src/connector/networkMocks/replayWithMocks';
import { RecordingService } from '../../../../src/connector/recordings/recordingService';
import { CaptureStore } from '../../../../src/connector/store';
import { ApiError } from '../../../../src/shared/errors';
import { until } from '../../../support/until';

const FLOW = { title: 'Checkout', steps: [{ type: 'click', selectors: [['#pay']], offsetX: 1, offsetY: 1 }] };
const FAIL_PAYMENT = { urlPattern: '*/api/pay*', action: 'fail' as const };

describe('replay with network mocks (connector)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bd-replay-mocks-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a replay refused because another one runs sets no mock in the tab the first one is replaying in', async () => {
    const store = new CaptureStore(defaultConfig().limits);
    const mocksInTab = new Set<string>();
    let added = 0;
    const command: MockCommand = async (name, args) => {
      if (name === 'network-mock-add') {
        mocksInTab.add(args.id as string);
        added++;
      }
      if (name === 'network-mock-clear') mocksInTab.delete(args.id as string);
      return name === 'network-mock-add' ? { mock: { ...(args.rule as object), id: args.id, hits: 0 } } : {};
    };
    let releaseStep!: () => void;
    let stepStarted = false;
    // The first replay's only step waits here, as a slow page would keep it.
    const bridge = {
      command: async () => {
        stepStarted = true;
        await new Promise<void>((resolve) => (releaseStep = resolve));
        return { ok: true };
      },
    } as unknown as BrowserBridge;
    const recordings = new RecordingService(
      { dir, maxRecordings: 10, maxBytes: 1_000_000 },
      bridge,
      store,
      silentLogger,
    );
    const networkMocks = new NetworkMockService(command, store, silentLogger, { idleMs: 60_000 });
    const deps = { recordings, networkMocks, store };
    const { id } = await recordings.import(FLOW);

    const first = replayWithMocks(deps, id, []);
    await until(() => stepStarted, 5_000, 'the first replay to reach its step');
    await assert.rejects(
      replayWithMocks(deps, id, [FAIL_PAYMENT]),
      (error: unknown) => error instanceof ApiError && error.code === 'SERVICE_UNAVAILABLE',
    );
    assert.equal(added, 0, 'the refused replay never set a mock, not even for a moment');
    releaseStep();
    await first;

    const second = replayWithMocks(deps, id, [FAIL_PAYMENT]);
    await until(() => mocksInTab.size === 1, 5_000, 'the mock of a replay that holds the slot');
    releaseStep();
    await second;
    assert.equal(mocksInTab.size, 0, 'cleared after its replay');

    // Two that arrive together: one runs with its mock, the other is refused and sets none.
    added = 0;
    stepStarted = false;
    const both = [replayWithMocks(deps, id, [FAIL_PAYMENT]), replayWithMocks(deps, id, [FAIL_PAYMENT])];
    await until(() => stepStarted, 5_000, 'one of the two to reach its step');
    releaseStep();
    const outcomes = await Promise.allSettled(both);
    assert.deepEqual(outcomes.map((outcome) => outcome.status).sort(), ['fulfilled', 'rejected']);
    assert.equal(added, 1, 'only the replay that ran set its mock');
    assert.equal(mocksInTab.size, 0, 'and it was cleared before the slot was free');
  });
});
