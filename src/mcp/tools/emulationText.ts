import type { CommandReply } from '../../shared/browserCommands';

/** The `emulate` answer: what is in force now, from the extension's `{tabId, url, title, state}` reply. */
export function describeEmulation(result: CommandReply<'emulate'>): string {
  const { state } = result;
  const parts: string[] = [];
  if (state.viewport) {
    const { width, height, deviceScaleFactor, mobile } = state.viewport;
    parts.push(
      `viewport ${width}×${height}${deviceScaleFactor ? ` @${deviceScaleFactor}x` : ''}${mobile ? ' mobile' : ''}`,
    );
  }
  if (state.network && state.network !== 'none') parts.push(`network ${state.network}`);
  if (state.cpuThrottling && state.cpuThrottling > 1) parts.push(`CPU ${state.cpuThrottling}× slower`);
  if (state.colorScheme && state.colorScheme !== 'auto') parts.push(`${state.colorScheme} color scheme`);
  const tab = result.tabId !== undefined ? `tab ${result.tabId}` : 'the tab';
  if (!parts.length) return `No emulation in force in ${tab}: it shows the page as the browser normally would.`;
  return `Emulating in ${tab}: ${parts.join(', ')}. It lasts until emulate reset=true or the tab closes; Chrome shows its debugging bar meanwhile.`;
}
