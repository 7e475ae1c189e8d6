import * as vscode from 'vscode';
import type { PageLoad } from '../captureFeed';
import { answeringPorts, DEV_PORTS } from './localPorts';
import { acceptedUrl, recentPageUrls } from './pageUrls';

export interface LaunchTargetSources {
  /** `browserDebug.launch.url`; empty means ask. */
  configuredUrl: string;
  /** Page loads the connector saw, oldest first. */
  pageLoads: Iterable<PageLoad>;
  /** The connector's own port (and its neighbours) are never offered as an app. */
  connectorPort: number | undefined;
  /** Extra ports to probe besides the usual dev-server ones (the tests use this). */
  extraPorts?: readonly number[];
}

interface TargetItem extends vscode.QuickPickItem {
  url?: string;
  enter?: boolean;
}

/**
 * The page Launch Browser opens: the setting when set; otherwise the user picks from recent page URLs
 * and the localhost ports that answer now, or types one. Undefined: the user cancelled.
 */
export async function chooseLaunchUrl(sources: LaunchTargetSources): Promise<string | undefined> {
  if (sources.configuredUrl.trim()) return sources.configuredUrl.trim();
  const pick = vscode.window.createQuickPick<TargetItem>();
  pick.title = 'Launch Browser: which page?';
  pick.placeholder = 'Pick your app, or type a URL and press Enter (set browserDebug.launch.url to skip this)';
  pick.busy = true;
  const recent: TargetItem[] = recentPageUrls(sources.pageLoads).map((url) => ({
    label: url,
    description: 'opened recently',
    url,
  }));
  const fixed: TargetItem[] = [{ label: '$(globe) Blank page', description: 'about:blank', url: 'about:blank' }];
  const render = (ports: TargetItem[]) => {
    const items: TargetItem[] = [];
    if (recent.length) items.push({ label: 'Recent pages', kind: vscode.QuickPickItemKind.Separator }, ...recent);
    if (ports.length)
      items.push({ label: 'Answering on localhost', kind: vscode.QuickPickItemKind.Separator }, ...ports);
    items.push({ label: '', kind: vscode.QuickPickItemKind.Separator }, ...fixed);
    pick.items = items;
  };
  render([]);
  const own = sources.connectorPort;
  const candidates = [...new Set([...(sources.extraPorts ?? []), ...DEV_PORTS])].filter(
    (port) => own === undefined || port < own || port > own + 10,
  );
  void answeringPorts(candidates).then((ports) => {
    const known = new Set(recent.map((item) => item.url));
    render(
      ports
        .map((port) => `http://localhost:${port}/`)
        .filter((url) => !known.has(url))
        .map((url) => ({ label: url, description: 'answers now', url })),
    );
    pick.busy = false;
  });
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      const url = acceptedUrl(pick.value, pick.selectedItems[0]?.url);
      if (!url) return;
      resolve(url);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}
