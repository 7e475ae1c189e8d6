import type { ConnectorServices } from '../services';

/**
 * The tab actions and snapshots go to. Undefined lets the browser extension pick by its own rule
 * (the locked tab, else the active tab of the last focused window): the tab get_current_page names.
 * A selected tab (select_tab) is meant to be answered here.
 */
export function actionTargetTab(_services: ConnectorServices, requested?: number): number | undefined {
  return requested;
}
