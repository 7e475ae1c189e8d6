import type { AgentsAnswer } from '../../../../src/shared/agents';
import type { ConnectorLink } from '../connectorLink';

/**
 * The popup's "Share this tab" button: the same path as `POST /agents/share`, so the connector decides
 * (a tab an agent holds is not the developer's to share) and then marks the tab through `share-tab`.
 */
export async function shareFromPopup(
  link: ConnectorLink,
  tabId: number,
  shared: boolean,
): Promise<{ shared?: boolean; error?: string }> {
  if (link.state !== 'connected' || !link.port)
    return { error: 'Not connected to the connector: agents reach tabs through it.' };
  try {
    const response = await link.post('/agents/share', { tabId, shared });
    const body = (await response.json()) as Partial<AgentsAnswer> & { error?: { message: string } };
    if (body.error) return { error: body.error.message };
    return { shared: Boolean(body.sharedTabs?.includes(tabId)) };
  } catch (error) {
    return { error: `The connector did not answer: ${(error as Error).message}` };
  }
}
