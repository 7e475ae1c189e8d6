import { ApiError } from '../../../shared/errors';
import { leakRequestSchema } from '../../../shared/leaks';
import type { ConnectorServices } from '../../services';
import type { Route } from '../route';

function leakRequest(body: unknown) {
  const parsed = leakRequestSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const parameter = issue.path.join('.') || 'body';
  throw new ApiError(
    'INVALID_PARAMETER',
    `Invalid '${parameter}': ${issue.message}. Send {"iterations": 3..20} (default 5), or an empty body.`,
    { parameter },
  );
}

/** `POST /recordings/{id}/leaks {iterations?, keep?}`: the leak verdict of a recorded flow. */
export function leakRoutes(services: ConnectorServices): Route[] {
  return [
    {
      method: 'POST',
      path: '/recordings/:id/leaks',
      handle: ({ params, body, signal }) => {
        const request = leakRequest(body);
        return services.leaks.find({ recordingId: params.id!, ...request, signal });
      },
    },
  ];
}
