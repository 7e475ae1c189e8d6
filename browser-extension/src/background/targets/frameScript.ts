import type { ScriptFrame, ScriptReply } from '../../../../src/shared/browserCommands';
import { actionSession, type ActionSession } from '../actions/actionSession';
import { refuseWhileDialog } from '../actions/snapshotCommand';
import { elementOfRef, isRef } from '../actions/refs';
import { CommandError } from '../commandError';
import type { Send } from '../debuggerSession';
import { evaluateScript, type ScriptPlace } from '../scriptEval';

interface FrameTree {
  frame: { id: string; url: string };
  childFrames?: FrameTree[];
}

/** A place a script can run: what the answer says it was, and how to reach it. */
interface Candidate {
  frame: ScriptFrame;
  place(): Promise<ScriptPlace>;
}

function flatten(tree: FrameTree): FrameTree['frame'][] {
  return [tree.frame, ...(tree.childFrames ?? []).flatMap(flatten)];
}

/**
 * The page world of one frame of a session's process. Runtime is enabled only for the moment it takes to
 * learn the contexts (Chrome reports the existing ones before it answers the enable), then off again.
 */
async function mainWorld(session: ActionSession, send: Send, sessionId: string | undefined, frameId: string) {
  const contexts = new Map<string, number>();
  const seen = (params: { context: { id: number; auxData?: { frameId?: string; isDefault?: boolean } } }) => {
    const { id, auxData } = params.context;
    if (auxData?.isDefault && auxData.frameId) contexts.set(auxData.frameId, id);
  };
  const off =
    sessionId === undefined
      ? session.on('Runtime.executionContextCreated', seen)
      : session.targets.on('Runtime.executionContextCreated', (params, target) => {
          if (target.sessionId === sessionId) seen(params);
        });
  try {
    await send('Runtime.enable');
  } finally {
    off();
    await send('Runtime.disable').catch(() => undefined);
  }
  const contextId = contexts.get(frameId);
  if (contextId === undefined)
    throw new CommandError('FRAME_NOT_READY', 'That frame has no page yet (it is loading). Wait for it, then retry.');
  return { send, contextId };
}

/** Every frame and worker of the tab, frames of the page first, then out-of-process frames, then workers. */
async function candidates(session: ActionSession): Promise<Candidate[]> {
  const { frameTree } = await session.send<{ frameTree: FrameTree }>('Page.getFrameTree');
  const [main, ...subframes] = flatten(frameTree);
  const own = (frame: FrameTree['frame']): Candidate => ({
    frame: { kind: 'frame', url: frame.url },
    place: () => mainWorld(session, session.send, undefined, frame.id),
  });
  const children = session.targets.list().map((target): Candidate => ({
    frame: { kind: target.type === 'iframe' ? 'frame' : target.type, url: target.url },
    place: async () => ({ send: session.targets.sender(target.sessionId) }),
  }));
  const frames = children.filter((child) => child.frame.kind === 'frame');
  const workers = children.filter((child) => child.frame.kind !== 'frame');
  return [...subframes.map(own), ...frames, ...workers, own(main!)];
}

/** The frame an <iframe>'s ref shows: its own process's frame, or an out-of-process one's child session. */
async function frameOfRef(session: ActionSession, ref: string): Promise<Candidate> {
  const { backendNodeId, targetId } = elementOfRef(session.tabId, ref);
  const owner = targetId === undefined ? undefined : session.targets.byTargetId(targetId);
  if (targetId !== undefined && !owner)
    throw new CommandError('STALE_REF', `The frame ${ref} was in is gone. Take a new snapshot and use its refs.`);
  const sessionId = owner?.sessionId;
  const send = sessionId === undefined ? session.send : session.targets.sender(sessionId);
  const { node } = await send<{ node: { frameId?: string; nodeName: string } }>('DOM.describeNode', {
    backendNodeId,
  });
  if (!node.frameId)
    throw new CommandError(
      'NOT_A_FRAME',
      `${ref} is a <${node.nodeName.toLowerCase()}>, not an iframe. Pass the ref of an Iframe line of the snapshot, or part of the frame's URL.`,
    );
  const frameId = node.frameId;
  const child = session.targets.list().find((target) => target.targetId === frameId);
  if (child)
    return {
      frame: { kind: 'frame', url: child.url },
      place: async () => ({ send: session.targets.sender(child.sessionId) }),
    };
  const { frameTree } = await send<{ frameTree: FrameTree }>('Page.getFrameTree');
  const frame = flatten(frameTree).find((candidate) => candidate.id === frameId);
  return {
    frame: { kind: 'frame', url: frame?.url ?? '' },
    place: () => mainWorld(session, send, sessionId, frameId),
  };
}

/**
 * `run-script` with `frame`: runs the code in the main world of the frame (a ref of its <iframe> line, or
 * the first frame or worker whose URL contains the text) and says which one ran it. With no match it does
 * not run, and the reply lists the frames and workers the tab has.
 */
export async function runInFrame(
  tabId: number,
  wanted: string,
  code: string,
  wantValue: boolean,
): Promise<ScriptReply> {
  const session = await actionSession(tabId);
  refuseWhileDialog(session);
  let chosen: Candidate | undefined;
  if (isRef(wanted)) chosen = await frameOfRef(session, wanted);
  else {
    const all = await candidates(session);
    chosen = all.find((candidate) => candidate.frame.url.includes(wanted));
    if (!chosen) return { type: 'undefined', via: 'debugger', frames: all.map((candidate) => candidate.frame) };
  }
  const result = await evaluateScript(await chosen.place(), code, wantValue);
  return { ...result, via: 'debugger', frame: chosen.frame };
}
