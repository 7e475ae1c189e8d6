import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserBridge } from '../../../../src/connector/wire/browserBridge';
import { defaultConfig } from '../../../../src/connector/config/config';
import { silentLogger } from '../../../../src/connector/logging/logger';
import { NetworkMockService, type MockCommands } from '../../../../src/connector/networkMocks/networkMockService';
import { replayWithMocks } from '../../../../src/connector/networkMocks/replayWithMocks';
import { RecordingService } from '../../../../src/connector/recordings/recordingService';
import { CaptureStore } from '../../../../src/connector/capture/store';
import { ApiError } from '../../../../src/shared/errors';
import { until } from '../../../support/until';

const FLOW = { title: 'Checkout', steps: [{ type: 'click', selectors: [['#pay']], offsetX: 1, offsetY: 1 }] };
const FAIL_PAYMENT = { urlPattern: '*/api/pay*', action: 'fail' as const };

describe('replay with network mocks (connector)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bd-replay-mocks-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A recording service over a tab (`command`) whose step waits for `releaseStep`, and a mock service. */
  function replayRig() {
    const rig = {
      store: new CaptureStore(defaultConfig().limits),
      mocksInTab: new Set<string>(),
      added: 0,
      stepStarted: false,
      releaseStep: () => {},
    };
    const command: MockCommands = {
      add: async (args) => {
        rig.mocksInTab.add(args.id);
        rig.added++;
        return { mock: { ...args.rule, id: args.id, tabId: 7, createdAt: 1, hits: 0 } };
      },
      clear: async (args) => {
        if (args.id) rig.mocksInTab.delete(args.id);
        return { cleared: args.id ? 1 : 0, mocks: [] };
      },
      list: async () => ({ mocks: [] }),
    };
    // A replay's only step waits here, as a slow page would keep it.
    const bridge = {
      command: async () => {
        rig.stepStarted = true;
        await new Promise<void>((resolve) => (rig.releaseStep = resolve));
        return { ok: true };
      },
    } as unknown as BrowserBridge;
    const recordings = new RecordingService(
      { dir, maxRecordings: 10, maxBytes: 1_000_000 },
      bridge,
      rig.store,
      silentLogger,
    );
    const networkMocks = new NetworkMockService(command, rig.store, silentLogger, { idleMs: 60_000 });
    return { rig, deps: { recordings, networkMocks, store: rig.store } };
  }

  it('a replay refused because another one runs sets no mock in the tab the first one is replaying in', async () => {
    const { rig, deps } = replayRig();
    const { mocksInTab } = rig;
    const { id } = await deps.recordings.import(FLOW);

    const first = replayWithMocks(deps, id, []);
    await until(() => rig.stepStarted, 5_000, 'the first replay to reach its step');
    await assert.rejects(
      replayWithMocks(deps, id, [FAIL_PAYMENT]),
      (error: unknown) => error instanceof ApiError && error.code === 'SERVICE_UNAVAILABLE',
    );
    assert.equal(rig.added, 0, 'the refused replay never set a mock, not even for a moment');
    rig.releaseStep();
    await first;

    const second = replayWithMocks(deps, id, [FAIL_PAYMENT]);
    await until(() => mocksInTab.size === 1, 5_000, 'the mock of a replay that holds the slot');
    rig.releaseStep();
    await second;
    assert.equal(mocksInTab.size, 0, 'cleared after its replay');

    // Two that arrive together: one runs with its mock, the other is refused and sets none.
    rig.added = 0;
    rig.stepStarted = false;
    const both = [replayWithMocks(deps, id, [FAIL_PAYMENT]), replayWithMocks(deps, id, [FAIL_PAYMENT])];
    await until(() => rig.stepStarted, 5_000, 'one of the two to reach its step');
    rig.releaseStep();
    const outcomes = await Promise.allSettled(both);
    assert.deepEqual(outcomes.map((outcome) => outcome.status).sort(), ['fulfilled', 'rejected']);
    assert.equal(rig.added, 1, 'only the replay that ran set its mock');
    assert.equal(mocksInTab.size, 0, 'and it was cleared before the slot was free');
  });

  it('reads the recording once per replay, and refuses an unknown id before setting any mock', async () => {
    const { rig, deps } = replayRig();
    const { id } = await deps.recordings.import(FLOW);
    const library = (deps.recordings as unknown as { library: { get(id: string): Promise<unknown> } }).library;
    const get = library.get.bind(library);
    let reads = 0;
    library.get = (wanted) => (reads++, get(wanted));
    const replay = replayWithMocks(deps, id, [FAIL_PAYMENT]);
    await until(() => rig.stepStarted, 5_000, 'the replay to reach its step');
    rig.releaseStep();
    await replay;
    assert.equal(reads, 1);
    await assert.rejects(
      replayWithMocks(deps, 'rec-unknown', [FAIL_PAYMENT]),
      (error: unknown) => error instanceof ApiError && error.code === 'NOT_FOUND',
    );
    assert.equal(rig.added, 1, 'the unknown id set no mock');
  });
});
