import type { ElementInspection, InspectRequest } from '../../shared/inspection';
import { tabCommand } from '../actions/tabCommand';
import type { ConnectorServices } from '../services';
import { mapInspection } from './mapInspection';

/** Inspects one element in the browser and maps its stylesheet and component locations to the workspace. */
export async function inspectElement(services: ConnectorServices, request: InspectRequest): Promise<ElementInspection> {
  const reply = await tabCommand(services, 'inspect', request);
  return mapInspection(reply, services.sourceMaps);
}
