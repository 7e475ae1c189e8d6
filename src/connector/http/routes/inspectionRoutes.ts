import { ApiError } from '../../../shared/errors';
import { inspectRequestSchema } from '../../../shared/inspection';
import { tabCommand } from '../../actions/tabCommand';
import { inspectElement } from '../../inspection/inspectElement';
import { pickedElements } from '../../inspection/pickedElements';
import type { ConnectorServices } from '../../services';
import { parseLimit } from '../params';
import type { Route } from '../route';

function inspectRequest(body: unknown) {
  const parsed = inspectRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const parameter = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : String(issue.path[0] ?? 'body');
    throw new ApiError(
      'INVALID_PARAMETER',
      `Invalid '${parameter}': ${issue.message} Send {"selector": "#cart button"} or {"ref": "e7"}, optionally "properties": ["gap"].`,
      { parameter, validValues: Object.keys(inspectRequestSchema.shape) },
    );
  }
  return parsed.data;
}

export function inspectionRoutes(services: ConnectorServices): Route[] {
  return [
    {
      method: 'POST',
      path: '/inspect-element',
      handle: ({ body }) => inspectElement(services, inspectRequest(body)),
    },
    {
      method: 'POST',
      path: '/pick-element',
      // The developer picks in the page; the pick arrives later as a `selected-element` capture.
      handle: () => tabCommand(services, 'pick', {}),
    },
    {
      method: 'GET',
      path: '/picked-elements',
      handle: ({ query }) => pickedElements(services, parseLimit(query, 20, 100)),
    },
  ];
}
