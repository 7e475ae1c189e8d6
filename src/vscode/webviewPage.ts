import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

interface PageParts {
  /** The built entry in `media`: `<entry>.js` and `<entry>.css`. */
  entry: string;
  title: string;
  /** Media (video) may load from the webview's own resources too. */
  media?: boolean;
}

/** A webview's page: our script and style only, under a strict CSP with a fresh nonce. */
export function webviewPage(webview: vscode.Webview, folder: vscode.Uri, { entry, title, media }: PageParts): string {
  const nonce = randomBytes(16).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(folder, `${entry}.js`));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(folder, `${entry}.css`));
  const mediaSrc = media ? ` media-src ${webview.cspSource};` : '';
  // VS Code's codicons: the font's stylesheet, with the id @vscode-elements looks for.
  const codicons = webview.asWebviewUri(vscode.Uri.joinPath(folder, 'codicon.css'));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none';${mediaSrc} img-src ${webview.cspSource} data:; style-src ${webview.cspSource}; font-src ${webview.cspSource}; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${codicons}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="${style}">
<title>${title}</title>
</head>
<body>
<div id="app"></div>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}
