import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';
import { actionSession, openSession, type ActionSession } from './actionSession';
import { actingFor } from './frameView';
import { elementOfRef } from './refs';
import { uploadRefusal } from '../../../../src/shared/uploadPaths';

const NO_SESSION =
  'No dialog opened while Browser Debug was acting in this tab, so there is nothing to answer here. An action answer names the dialog it opened; ' +
  'a dialog the page showed before any action is for the user to answer.';

/**
 * The action session that saw the tab's open dialog. Attaching while a dialog is open makes Chrome drop the
 * dialog (and, headless, the tab): only a session that saw it may answer.
 */
export function dialogSession(tabId: number): ActionSession {
  const session = openSession(tabId);
  if (!session) throw new CommandError('NO_DIALOG', NO_SESSION);
  return session;
}

/**
 * Accepts or dismisses the alert, confirm, prompt or beforeunload dialog open in the session's tab, and answers
 * which one it was: the one the session knew, else the last that opened (a dialog the page opened by itself may be
 * answered before its opening event reached us; that event still comes before the answer's reply).
 */
export async function answerDialog(session: ActionSession, args: { accept?: unknown; promptText?: unknown }) {
  const known = session.dialog;
  const promptText = typeof args.promptText === 'string' ? args.promptText : undefined;
  try {
    await session.send('Page.handleJavaScriptDialog', {
      accept: args.accept === true,
      ...(promptText === undefined ? {} : { promptText }),
    });
  } catch (error) {
    if (/no dialog/i.test((error as Error).message))
      throw new CommandError(
        'NO_DIALOG',
        'No dialog is open in this tab, so there is nothing to answer. An action answer names the dialog it opened; take a snapshot to see the page.',
      );
    throw error;
  }
  return { answered: known ?? session.lastDialog };
}

/** handle_dialog for connectors that do not ask for what followed: answers, and says which dialog it was. */
export async function handleDialog(args: { accept?: unknown; promptText?: unknown; tabId?: number }) {
  const tab = await targetTab(args.tabId);
  const session = dialogSession(tab.id!);
  const { answered: dialog } = await answerDialog(session, args);
  return { tabId: tab.id, url: tab.url, title: tab.title, dialogType: dialog?.type, message: dialog?.message };
}

interface DescribedNode {
  node: { nodeName: string; attributes?: string[] };
}

/** CDP lists attributes flat: name, value, name, value... */
function attribute(attributes: string[] = [], name: string): string | undefined {
  for (let i = 0; i + 1 < attributes.length; i += 2) if (attributes[i] === name) return attributes[i + 1];
  return undefined;
}

/** upload_file: sets files on the `<input type=file>` a ref names; the page gets input and change events. */
export async function uploadFile(args: { ref?: unknown; paths?: unknown; roots?: unknown; tabId?: number }) {
  const paths = Array.isArray(args.paths) ? args.paths.filter((path): path is string => typeof path === 'string') : [];
  if (!paths.length)
    throw new CommandError('INVALID_ARGUMENT', 'Give the files as `paths`, absolute paths on this machine.');
  const roots = Array.isArray(args.roots) ? args.roots.filter((root): root is string => typeof root === 'string') : [];
  const refusal = paths.map((path) => uploadRefusal(path, roots)).find(Boolean);
  if (refusal) throw new CommandError('FILE_NOT_ALLOWED', `The browser extension refused the upload: ${refusal}`);
  const tab = await targetTab(args.tabId);
  const tabId = tab.id!;
  const { backendNodeId, targetId } = elementOfRef(tabId, args.ref);
  // A file input inside an out-of-process iframe is set through that frame's child session.
  const { send } = actingFor(await actionSession(tabId), targetId);
  const described = await send<DescribedNode>('DOM.describeNode', { backendNodeId }).catch(() => {
    throw new CommandError(
      'STALE_REF',
      `The element ${String(args.ref)} is gone from the page. Take a new snapshot and use its refs.`,
    );
  });
  if (described.node.nodeName !== 'INPUT' || attribute(described.node.attributes, 'type')?.toLowerCase() !== 'file') {
    throw new CommandError(
      'NOT_FILE_INPUT',
      `${String(args.ref)} is a <${described.node.nodeName.toLowerCase()}>, not a file input. Take a snapshot and pass the ref of the file input.`,
    );
  }
  await send('DOM.setFileInputFiles', { files: paths, backendNodeId });
  return { tabId, url: tab.url, title: tab.title, files: paths.map((path) => path.split(/[\\/]/).pop()) };
}
