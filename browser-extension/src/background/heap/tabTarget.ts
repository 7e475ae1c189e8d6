import type { CommandArgs, CommandReply } from '../../../../src/shared/browserCommands';
import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';

/**
 * The `tab-target` command: the DevTools target id of a tab. Chrome does not give extensions the
 * HeapProfiler domain (chrome.debugger answers "'HeapProfiler.enable' wasn't found"), so the connector takes
 * heap snapshots over the browser's own DevTools connection and needs to know which target is this tab.
 */
export async function tabTarget(args: CommandArgs<'tab-target'>): Promise<CommandReply<'tab-target'>> {
  const tab = await targetTab(args.tabId);
  const targets = await chrome.debugger.getTargets();
  const target = targets.find((info) => info.tabId === tab.id && info.type === 'page');
  if (!target) throw new CommandError('TAB_NOT_FOUND', `Tab ${tab.id} has no DevTools target. Reload it and retry.`);
  return { tabId: tab.id!, targetId: target.id, url: tab.url, title: tab.title };
}
