/** The DevTools page: reports the Elements panel's selection to the worker whenever it changes. */
import type { SelectedElement } from '../../../src/shared/protocol';
import type { ExtensionMessage } from '../common/messages';
import { describeSource } from './elementInfo';

function reportSelection(): void {
  chrome.devtools.inspectedWindow.eval<SelectedElement | null>(describeSource('$0'), (element, exception) => {
    if (exception || !element) return;
    const message: ExtensionMessage = {
      kind: 'selected-element',
      tabId: chrome.devtools.inspectedWindow.tabId,
      element,
    };
    void chrome.runtime.sendMessage(message);
  });
}

chrome.devtools.panels.elements.onSelectionChanged.addListener(reportSelection);
reportSelection();
