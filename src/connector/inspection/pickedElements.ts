import type { StoredSelectedElement } from '../../shared/protocol';
import type { ConnectorServices } from '../services';
import { mapInspection } from './mapInspection';

/** The developer's picks, newest first, with their inspections mapped to the workspace. */
export async function pickedElements(
  services: ConnectorServices,
  limit: number,
): Promise<{ picks: StoredSelectedElement[]; total: number }> {
  const { entries, matched } = services.store.query(['selectedElements'], (entry) => entry.picked === true, limit);
  const picks = await Promise.all(
    [...entries]
      .reverse()
      .map(async (pick) =>
        pick.inspection ? { ...pick, inspection: await mapInspection(pick.inspection, services.sourceMaps) } : pick,
      ),
  );
  return { picks, total: matched };
}
