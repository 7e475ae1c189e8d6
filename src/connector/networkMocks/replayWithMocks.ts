import type { MockRule } from '../../shared/networkMocks';
import type { StoredNetworkRequest } from '../../shared/protocol';
import type { MockedRequest, ReplayVerdict } from '../../shared/recording';
import type { ReplayOptions } from '../recordings/replayRunner';
import type { RecordingService } from '../recordings/recordingService';
import type { CaptureStore } from '../capture/store';
import type { NetworkMockService } from './networkMockService';

export interface ReplayMockDeps {
  recordings: RecordingService;
  networkMocks: NetworkMockService;
  store: CaptureStore;
}

const SHOWN = 3;

/**
 * A replay with network mocks in force for that replay only: the rules are set in the target tab once
 * the replay holds its slot (so a refused replay sets none) and cleared after, whatever happens. The
 * verdict lists the requests they handled; the failures they caused are the premise of the run, not
 * problems (the timeline leaves mocked requests out).
 */
export async function replayWithMocks(
  deps: ReplayMockDeps,
  id: string,
  rules: readonly MockRule[],
  options: Partial<ReplayOptions> = {},
): Promise<ReplayVerdict> {
  if (!rules.length) return deps.recordings.replay(id, options);
  // The replay reads the recording (an unknown id is refused there, before setUp sets any rule).
  const startSeq = deps.store.lastSeq;
  const ids: string[] = [];
  // A rule whose `times` ran out is gone already; the rest are cleared even if the replay failed.
  const clear = async () => {
    for (const ruleId of ids) await deps.networkMocks.clear(ruleId).catch(() => undefined);
  };
  const setUp = async () => {
    try {
      for (const rule of rules) ids.push((await deps.networkMocks.add(rule, options.tabId)).id);
    } catch (error) {
      await clear();
      throw error;
    }
    return clear;
  };
  const verdict = await deps.recordings.replay(id, options, rules, setUp);
  return withMocked(verdict, mockedSince(deps.store, startSeq, ids), ids);
}

function mockedSince(store: CaptureStore, startSeq: number, ids: readonly string[]): MockedRequest[] {
  return (store.since(startSeq, ['networkSuccess', 'networkErrors']) as StoredNetworkRequest[])
    .filter((entry) => entry.mocked && ids.includes(entry.mocked.ruleId))
    .map(({ mocked, method, url, status, error }) => ({
      ruleId: mocked!.ruleId,
      action: mocked!.action,
      method,
      url,
      ...(status ? { status } : {}),
      ...(error ? { error } : {}),
    }));
}

function withMocked(verdict: ReplayVerdict, mocked: MockedRequest[], ids: readonly string[]): ReplayVerdict {
  const shown = mocked
    .slice(0, SHOWN)
    .map((hit) => `${hit.method} ${hit.url} → ${hit.error ?? hit.status ?? hit.action} (${hit.ruleId})`);
  const more = mocked.length > SHOWN ? ` and ${mocked.length - SHOWN} more` : '';
  const note = mocked.length
    ? ` Network mocks handled ${mocked.length} request(s): ${shown.join('; ')}${more}.`
    : ` No request matched the network mocks (${ids.join(', ')}): check their URL patterns.`;
  return { ...verdict, summary: verdict.summary + note, mocked };
}
