import { captureSchema } from '../../../src/shared/remote/tunnelFrames';
import type { Capture } from '../data/captureRow';

/** What each end is, kept on its socket so it survives hibernation. */
export interface SocketInfo {
  role: 'connector' | 'client';
  tag: string;
  callerId: string;
  accountId: string;
  scopes: string[];
  connectedAt: number;
}

/** Each event of a batch is checked on its own, so one bad event costs only itself. */
export function validateEvents(events: unknown[]): { good: Capture[]; rejected: { index: number; message: string }[] } {
  const good: Capture[] = [];
  const rejected: { index: number; message: string }[] = [];
  events.forEach((event, index) => {
    const parsed = captureSchema.safeParse(event);
    if (parsed.success) good.push(parsed.data as Capture);
    else rejected.push({ index, message: describeIssue(parsed.error) });
  });
  return { good, rejected };
}

export function describeIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid frame.';
  const where = issue.path.length ? `'${issue.path.map(String).join('.')}': ` : '';
  return `Invalid frame: ${where}${issue.message}.`;
}

export function typeOf(json: unknown): string | undefined {
  return json && typeof json === 'object' && typeof (json as { type?: unknown }).type === 'string'
    ? (json as { type: string }).type
    : undefined;
}
