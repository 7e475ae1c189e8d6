import * as vscode from 'vscode';
import { picksText } from '../../mcp/format/inspectionText';
import type { SourcePosition } from '../../shared/inspection';
import type { StoredSelectedElement } from '../../shared/protocol';
import type { CommandContext, CommandHandler } from '../commandContext';
import { chatOpenArgs } from '../chat/chatPrompt';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';
import { componentTarget, cssRuleTarget, fileCandidates } from './pickTargets';

/** The Element view's commands for picks; package.json contributes the same ids. */
export const INSPECTION_COMMANDS: Record<string, CommandHandler> = {
  'browserDebug.pickElement': (app) => pickElement(app),
  'browserDebug.addElementToChat': (app) => addToChat(app),
  'browserDebug.goToComponent': (app) => goTo(app, 'component'),
  'browserDebug.goToCssRule': (app, index?: number) => goTo(app, 'css', typeof index === 'number' ? index : undefined),
};

async function pickElement(app: CommandContext): Promise<void> {
  try {
    await callConnector(app.session.port, 'POST', '/pick-element', {});
    revealNextPick(app);
    void vscode.window.showInformationMessage(
      'Pick an element in your browser tab: click it, add a note if you like, and press Enter. Esc cancels.',
    );
  } catch (error) {
    await showFailure('start picking', error);
  }
}

/** The browser came forward for the pick; when the pick arrives, the Element view comes forward here. */
function revealNextPick(app: CommandContext, waitMs = 5 * 60_000): void {
  const stop = () => {
    clearTimeout(timer);
    waiting.dispose();
  };
  const waiting = app.feed.onDidAdd((entries) => {
    if (!entries.some((entry) => entry.type === 'selected-element')) return;
    stop();
    void vscode.commands.executeCommand('browserDebug.element.focus');
  });
  const timer = setTimeout(stop, waitMs);
}

/** The pick the Element view shows, with its locations mapped by the connector. */
async function currentPick(app: CommandContext): Promise<StoredSelectedElement | undefined> {
  const { picks } = await callConnector<{ picks: StoredSelectedElement[] }>(
    app.session.port,
    'GET',
    '/picked-elements?limit=20',
  );
  const shown = app.feed.element;
  const pick = picks.find((candidate) => candidate.id === shown?.id) ?? picks[0];
  if (!pick?.inspection) {
    void vscode.window.showInformationMessage(
      'No picked element yet: run "Browser Debug: Pick Element", or use "Pick element" in the browser popup.',
    );
    return undefined;
  }
  return pick;
}

async function goTo(app: CommandContext, what: 'component' | 'css', index?: number): Promise<boolean> {
  try {
    const pick = await currentPick(app);
    if (!pick?.inspection) return false;
    const target = what === 'css' ? cssRuleTarget(pick.inspection, index) : componentTarget(pick.inspection);
    if (!target) {
      void vscode.window.showWarningMessage(
        what === 'css'
          ? 'The picked element has no stylesheet rule with a known location (only browser defaults or inline styles).'
          : (pick.inspection.components.note ?? 'No component source location is known for the picked element.'),
      );
      return false;
    }
    return await open(app, target);
  } catch (error) {
    await showFailure(what === 'css' ? 'go to the CSS rule' : 'go to the component', error);
    return false;
  }
}

async function open(app: CommandContext, position: SourcePosition): Promise<boolean> {
  const folders = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath);
  for (const path of fileCandidates(position, folders, app.settings().pathMapping)) {
    const uri = vscode.Uri.file(path);
    const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
    if (stat?.type !== vscode.FileType.File) continue;
    const at = new vscode.Position(Math.max(0, position.line - 1), Math.max(0, (position.column ?? 1) - 1));
    await vscode.window.showTextDocument(uri, { selection: new vscode.Range(at, at), preview: true });
    return true;
  }
  void vscode.window.showWarningMessage(`Browser Debug could not find ${position.source} in this workspace.`);
  return false;
}

/**
 * The chat attaches an image only from a `file:` URI the window itself can read: a local desktop window. A remote
 * window (SSH, WSL, containers) or VS Code for the Web (code-server) drops it silently, so there the request
 * names the screenshot's path instead (the user opens it, an agent reads it with its file tools).
 */
function imageAttaches(): boolean {
  return !vscode.env.remoteName && vscode.env.uiKind === vscode.UIKind.Desktop;
}

interface ElementShot {
  path?: string;
  dimensions?: { width: number; height: number };
}

/** Opens the chat with the pick's note and inspection, and a screenshot cropped to the element when one can be taken. */
async function addToChat(app: CommandContext): Promise<string | undefined> {
  try {
    const pick = await currentPick(app);
    if (!pick) return undefined;
    const shot = await callConnector<ElementShot>(app.session.port, 'POST', '/capture-screenshot', {
      selector: pick.inspection?.selector ?? pick.element.selector,
      fullPage: false,
      tabId: pick.tabId,
    }).catch(() => undefined);
    const attach = Boolean(shot?.path) && imageAttaches();
    const size = shot?.dimensions ? ` (${shot.dimensions.width}×${shot.dimensions.height})` : '';
    const named = shot?.path && !attach ? `Screenshot of the element${size}: ${shot.path}\n` : '';
    const query = `About this element I picked in the browser:\n${named}${picksText([pick], 1, 6000).replace(/^Showing 1 of 1 pick\(s\), newest first\.\n\n/, '')}`;
    await vscode.commands.executeCommand('workbench.action.chat.open', {
      ...chatOpenArgs(query),
      ...(attach ? { attachFiles: [vscode.Uri.file(shot!.path!)] } : {}),
    });
    return query;
  } catch (error) {
    await showFailure('add the element to the chat', error);
    return undefined;
  }
}
