import { CommandError } from '../commandError';
import type { Send } from '../debuggerSession';
import type { ChildTarget } from '../targets/tabTargets';
import type { Acting, DocumentSession, Point } from './acting';
import { framesDrawn } from './framesDrawn';
import type { ActionSession } from './actionSession';

/**
 * An out-of-process iframe seen from the tab's action session: DOM and Runtime calls go to its child
 * session, input to the tab's page at coordinates moved by the frame's place in the page (the content box
 * of its <iframe>, through every iframe around it).
 */
class FrameView implements DocumentSession {
  readonly send: Send;
  readonly pointer: Send;
  /** Where this frame's viewport was in the tab's at the last `origin`. */
  private placed: Point = { x: 0, y: 0 };

  constructor(
    private readonly session: ActionSession,
    private readonly target: ChildTarget,
  ) {
    const own = session.targets.sender(target.sessionId);
    this.send = (method, params) => (method.startsWith('Input.') ? session.send(method, params) : own(method, params));
    // Mouse events at tab points, moved into this frame's viewport and sent to its own widget (see `pointer`).
    this.pointer = (method, params) =>
      own(method, { ...params, x: Number(params?.x) - this.placed.x, y: Number(params?.y) - this.placed.y });
  }

  get tabId(): number {
    return this.session.tabId;
  }

  get mouse(): Point {
    return this.session.mouse;
  }

  set mouse(point: Point) {
    this.session.mouse = point;
  }

  /** Events of this frame's child session only. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(method: string, listener: (params: any) => void): () => void {
    return this.session.targets.on(method, (params, target) => {
      if (target === this.target) listener(params);
    });
  }

  async origin(scroll = true): Promise<Point> {
    const chain = this.chain();
    const owners = await Promise.all(chain.map((view) => view.owner()));
    if (scroll)
      for (const [i, view] of chain.entries())
        await view.outer.send('DOM.scrollIntoViewIfNeeded', { backendNodeId: owners[i] }).catch(() => undefined);
    const boxes = await Promise.all(
      chain.map((view, i) =>
        view.outer.send<{ model: { content: number[] } }>('DOM.getBoxModel', { backendNodeId: owners[i] }),
      ),
    );
    this.placed = boxes.reduce((at, { model }) => ({ x: at.x + model.content[0]!, y: at.y + model.content[1]! }), {
      x: 0,
      y: 0,
    });
    return this.placed;
  }

  /** Every document from the tab's page down to this frame has drawn its last scroll (framesDrawn.ts). */
  drawn(): Promise<void> {
    return framesDrawn([this.session, ...this.chain()]);
  }

  /** The document this frame's <iframe> is in: the tab's page, or the view of the frame around it. */
  private get outer(): Acting {
    const { parentSessionId } = this.target;
    const parent = parentSessionId === undefined ? undefined : this.session.targets.get(parentSessionId);
    return parent ? viewOf(this.session, parent) : this.session;
  }

  /** The views from the outermost out-of-process frame down to this one. */
  private chain(): FrameView[] {
    const outer = this.outer;
    return outer instanceof FrameView ? [...outer.chain(), this] : [this];
  }

  private async owner(): Promise<number> {
    const { targetId } = this.target;
    const { backendNodeId } = await this.outer.send<{ backendNodeId: number }>('DOM.getFrameOwner', {
      frameId: targetId,
    });
    return backendNodeId;
  }
}

/** One view per child session, so what inspection keeps per document (keyed by the view) lasts as long as it. */
const views = new WeakMap<ChildTarget, FrameView>();

function viewOf(session: ActionSession, target: ChildTarget): FrameView {
  let view = views.get(target);
  if (!view) views.set(target, (view = new FrameView(session, target)));
  return view;
}

/** Where an element of a ref lives: the tab's page itself, or the view of the out-of-process iframe it is in. */
export function actingFor(session: ActionSession, targetId: string | undefined): DocumentSession {
  if (targetId === undefined) return session;
  const target = session.targets.byTargetId(targetId);
  if (!target)
    throw new CommandError(
      'STALE_REF',
      'The frame that element was in is gone (it navigated or was removed). Take a new snapshot and use its refs.',
    );
  return viewOf(session, target);
}
