/**
 * VS Code's own webview controls (@vscode-elements/elements), registered once for the dashboard. Each
 * import defines its custom element; the parts create them by tag name. Icons are codicons: the font's
 * stylesheet is linked in the page with the id `vscode-codicon-stylesheet`, as the elements expect.
 */
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-icon/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import '@vscode-elements/elements/dist/vscode-table/index.js';
import '@vscode-elements/elements/dist/vscode-table-body/index.js';
import '@vscode-elements/elements/dist/vscode-table-cell/index.js';
import '@vscode-elements/elements/dist/vscode-table-header/index.js';
import '@vscode-elements/elements/dist/vscode-table-header-cell/index.js';
import '@vscode-elements/elements/dist/vscode-table-row/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-toolbar-button/index.js';
import { el } from './dom';

/** A codicon, hidden from screen readers: the text or label beside it says the same. */
export function codicon(name: string): HTMLElement {
  const icon = el('span', { className: `codicon codicon-${name}` });
  icon.setAttribute('aria-hidden', 'true');
  return icon;
}

interface ButtonParts {
  label: string;
  onClick: () => void;
  /** The one primary action of a toolbar; the others are secondary, as in VS Code's own forms. */
  primary?: boolean;
  icon?: string;
  title?: string;
}

/** A `vscode-button`. */
export function button({ label, onClick, primary, icon, title }: ButtonParts): HTMLElement {
  const node = el('vscode-button', { textContent: label });
  node.toggleAttribute('secondary', !primary);
  if (icon) node.setAttribute('icon', icon);
  if (title) node.title = title;
  node.addEventListener('click', onClick);
  return node;
}
