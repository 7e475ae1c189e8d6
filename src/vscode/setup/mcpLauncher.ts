/**
 * The stable MCP launcher's source: a small CommonJS script in global storage that MCP clients run with
 * `node`. It starts the stdio bin of the install named in `install.json` beside it, or, when that folder
 * is gone (an update VS Code has not activated yet), the newest sibling install that has one.
 */
export function launcherSource(prefix: string): string {
  return `#!/usr/bin/env node
// Browser Debug MCP launcher, written by the VS Code extension. It finds the current install, so the
// MCP configuration that points here keeps working across updates. Do not edit: it is rewritten.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const PREFIX = ${JSON.stringify(prefix)};
const BIN = path.join('dist', 'mcp.js');

function recorded() {
  try {
    return JSON.parse(fs.readFileSync(path.join(__dirname, 'install.json'), 'utf8')).extensionPath;
  } catch {
    return undefined;
  }
}

function versionOf(name) {
  return name.slice(PREFIX.length).split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
}

function newestSibling(extensionPath) {
  const parent = path.dirname(extensionPath);
  let names = [];
  try {
    names = fs.readdirSync(parent).filter((name) => name.startsWith(PREFIX));
  } catch {
    return undefined;
  }
  names = names.filter((name) => fs.existsSync(path.join(parent, name, BIN)));
  names.sort((a, b) => {
    const left = versionOf(a);
    const right = versionOf(b);
    for (let i = 0; i < Math.max(left.length, right.length); i++)
      if ((left[i] || 0) !== (right[i] || 0)) return (right[i] || 0) - (left[i] || 0);
    return 0;
  });
  return names.length ? path.join(parent, names[0]) : undefined;
}

const install = recorded();
const found = install && fs.existsSync(path.join(install, BIN)) ? install : install && newestSibling(install);
if (!found) {
  process.stderr.write(
    'Browser Debug MCP launcher: the Browser Debug extension is not installed any more (looked for ' +
      (install || 'install.json') +
      '). Install it in VS Code, or run its Copy MCP Configuration command again.\\n',
  );
  process.exit(1);
}
require(path.join(found, BIN));
`;
}
