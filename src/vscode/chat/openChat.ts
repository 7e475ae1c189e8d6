import * as vscode from 'vscode';
import { chatOpenArgs } from './chatPrompt';

/**
 * Puts the prompt in the chat's input, in agent mode, for the user to read and send (chatOpenArgs): the
 * prompts ask the assistant to run Browser Debug's tools (replay_recording); agent mode is the one that
 * may. Nothing is submitted on the user's behalf. Where no chat is available (AI
 * features turned off, no chat extension, or the command fails) the prompt goes to the clipboard.
 * Returns where the prompt went.
 */
export async function openChat(query: string): Promise<'chat' | 'clipboard'> {
  if (await chatAvailable()) {
    try {
      await vscode.commands.executeCommand('workbench.action.chat.open', chatOpenArgs(query, 'agent'));
      return 'chat';
    } catch {
      // fall through to the clipboard
    }
  }
  await vscode.env.clipboard.writeText(query);
  void vscode.window.showInformationMessage(
    'No chat is available in this window, so the prompt was copied to the clipboard: paste it into your assistant.',
  );
  return 'clipboard';
}

async function chatAvailable(): Promise<boolean> {
  if (vscode.workspace.getConfiguration('chat').get<boolean>('disableAIFeatures')) return false;
  return (await vscode.commands.getCommands(true)).includes('workbench.action.chat.open');
}
