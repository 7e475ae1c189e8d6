import type { Send } from '../debuggerSession';

interface FrameTree {
  frame: { id: string; url: string; securityOrigin: string };
  childFrames?: FrameTree[];
}

function find(tree: FrameTree, frameId: string): FrameTree['frame'] | undefined {
  if (tree.frame.id === frameId) return tree.frame;
  for (const child of tree.childFrames ?? []) {
    const found = find(child, frameId);
    if (found) return found;
  }
  return undefined;
}

/**
 * The URL the browser reports for one frame of the tab, the scope of the requests it makes. Asked for
 * each request rather than kept from events: the frame may have navigated a moment ago, and scope is a
 * trust decision. A frame without an http(s) URL of its own (about:blank, srcdoc) is judged by the
 * origin it runs in, which it inherited. Undefined for a frame not in the tree (gone, or unknown).
 */
export async function frameUrl(send: Send, frameId: string): Promise<string | undefined> {
  try {
    const { frameTree } = await send<{ frameTree: FrameTree }>('Page.getFrameTree');
    const frame = find(frameTree, frameId);
    if (!frame) return undefined;
    return /^https?:/.test(frame.url) ? frame.url : frame.securityOrigin;
  } catch {
    // The debugger went away: the request cannot be judged, so it is not mocked.
    return undefined;
  }
}
