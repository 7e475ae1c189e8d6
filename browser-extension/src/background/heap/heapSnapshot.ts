import type { CommandArgs, CommandReply } from '../../../../src/shared/browserCommands';
import { actionSession, type ActionSession, type EventParams } from '../actions/actionSession';
import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';

export type FrameSender = (frame: object) => boolean;

let sendFrame: FrameSender | undefined;
/** Each debugger session gets a number: V8's object ids stay the same across the snapshots of one session. */
const sessionNumbers = new WeakMap<ActionSession, number>();
let sessions = 0;

/** The worker's link to the connector, for the snapshot's chunks. */
export function useHeapFrameSender(sender: FrameSender): void {
  sendFrame = sender;
}

/**
 * The `heap-snapshot` command: a forced GC, then HeapProfiler.takeHeapSnapshot on the tab's action session
 * (kept attached, so object ids compare across the snapshots of a leak check). Each chunk Chrome emits goes
 * on to the connector as a `heap-chunk` frame at once: the snapshot is never whole in the extension.
 */
export async function heapSnapshot(args: CommandArgs<'heap-snapshot'>): Promise<CommandReply<'heap-snapshot'>> {
  const send = sendFrame;
  if (!send) throw new CommandError('NOT_CONNECTED', 'Heap snapshots go to the local connector only.');
  const tab = await targetTab(args.tabId);
  const session = await actionSession(tab.id!);
  if (!sessionNumbers.has(session)) sessionNumbers.set(session, ++sessions);
  const startedAt = Date.now();
  let chunks = 0;
  let bytes = 0;
  let failure: string | undefined;
  const onChunk = (params: EventParams) => {
    if (failure) return;
    const chunk = String(params.chunk);
    bytes += chunk.length;
    if (bytes > args.maxBytes) failure = 'over';
    else if (!send({ type: 'heap-chunk', transferId: args.transferId, index: chunks++, data: chunk }))
      failure = 'closed';
  };
  await session.hold(async (cdp) => {
    await cdp('HeapProfiler.enable');
    await cdp('HeapProfiler.collectGarbage');
    const off = session.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
    try {
      await cdp('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
    } finally {
      off();
    }
  });
  if (failure === 'over')
    throw new CommandError(
      'HEAP_TOO_LARGE',
      `The tab's heap snapshot is over ${Math.round(args.maxBytes / 1024 / 1024)} MB, the limit for a leak check. Find leaks on a smaller page, or raise the limit.`,
    );
  if (failure)
    throw new CommandError(
      'NOT_CONNECTED',
      'The connection to the connector closed while the heap snapshot was sent. Retry.',
    );
  const after = await chrome.tabs.get(tab.id!).catch(() => tab);
  return {
    tabId: tab.id!,
    url: after.url,
    title: after.title,
    chunks,
    bytes,
    session: sessionNumbers.get(session)!,
    snapshotMs: Date.now() - startedAt,
  };
}
