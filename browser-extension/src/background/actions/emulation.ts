import type { CommandArgs, EmulationState } from '../../../../src/shared/browserCommands';
import {
  NETWORK_CONDITIONS,
  type EmulationRequest,
  type NetworkPreset,
  type Viewport,
} from '../../../../src/shared/pageControl';
import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';
import { actionSession, type ActionSession } from './actionSession';

const PIN = 'emulation';
const states = new Map<number, EmulationState>();
// Chrome drops every override when the debugger detaches (the user closed its bar) or the tab closes.
chrome.debugger.onDetach.addListener((source) => source.tabId !== undefined && states.delete(source.tabId));
chrome.tabs.onRemoved.addListener((tabId) => states.delete(tabId));

const normal = (): EmulationState => ({ network: 'none', cpuThrottling: 1, colorScheme: 'auto' });
const inForce = (state: EmulationState) =>
  state.viewport !== undefined || state.network !== 'none' || state.cpuThrottling !== 1 || state.colorScheme !== 'auto';

function networkParams(preset: NetworkPreset): Record<string, unknown> {
  if (preset === 'offline') return { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  if (preset === 'none') return { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  return { offline: false, ...NETWORK_CONDITIONS[preset] };
}

async function applyViewport(session: ActionSession, viewport: Viewport | undefined): Promise<void> {
  if (!viewport) {
    await session.send('Emulation.clearDeviceMetricsOverride');
    await session.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    return;
  }
  const { width, height, deviceScaleFactor = 0, mobile = false } = viewport;
  await session.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor, mobile });
  await session.send('Emulation.setTouchEmulationEnabled', { enabled: mobile });
}

/** Applies the parts of `state` that differ from `before`. */
async function apply(session: ActionSession, before: EmulationState, state: EmulationState): Promise<void> {
  if (JSON.stringify(before.viewport) !== JSON.stringify(state.viewport)) await applyViewport(session, state.viewport);
  if (before.network !== state.network)
    await session.send('Network.emulateNetworkConditions', networkParams(state.network));
  if (before.cpuThrottling !== state.cpuThrottling)
    await session.send('Emulation.setCPUThrottlingRate', { rate: state.cpuThrottling });
  if (before.colorScheme !== state.colorScheme) {
    await session.send('Emulation.setEmulatedMedia', {
      features: [{ name: 'prefers-color-scheme', value: state.colorScheme === 'auto' ? '' : state.colorScheme }],
    });
  }
}

function requested(request: EmulationRequest): EmulationRequest {
  if (request.cpuThrottling !== undefined && !(request.cpuThrottling >= 1 && request.cpuThrottling <= 20))
    throw new CommandError('INVALID_ARGUMENT', 'cpuThrottling is a factor from 1 (no slow-down) to 20.');
  return request;
}

/**
 * emulate: viewport, network, CPU and color scheme, through the tab's action session. While anything
 * is emulated the session stays attached (pinned), since detaching would end the emulation.
 */
export async function emulate(args: CommandArgs<'emulate'>) {
  const request = requested(args);
  const tab = await targetTab(args.tabId);
  const tabId = tab.id!;
  const session = await actionSession(tabId);
  const before = states.get(tabId) ?? normal();
  const state: EmulationState = request.reset ? normal() : { ...before };
  if (request.viewport) state.viewport = request.viewport;
  if (request.network) state.network = request.network;
  if (request.cpuThrottling !== undefined) state.cpuThrottling = request.cpuThrottling;
  if (request.colorScheme) state.colorScheme = request.colorScheme;
  await apply(session, before, state);
  if (inForce(state)) {
    states.set(tabId, state);
    session.pin(PIN);
  } else {
    states.delete(tabId);
    session.unpin(PIN);
  }
  return { tabId, url: tab.url, title: tab.title, state };
}
