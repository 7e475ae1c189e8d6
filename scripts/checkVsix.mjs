// Checks a VSIX for both marketplaces, offline, and prints its size. vsce built it (its manifest checks
// passed); here Open VSX's own client (ovsx) reads it, checks its licence, and publishes it to a stub
// registry on loopback, which only records the upload: everything ovsx does before the network, for real.
// Usage: node scripts/checkVsix.mjs dist/browser-debug.vsix
import { Buffer } from 'node:buffer';
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { isLicenseOk } from 'ovsx/lib/check-license.js';
import { readVSIXPackage } from 'ovsx/lib/zip.js';

const root = resolve(import.meta.dirname, '..');
const vsix = resolve(process.argv[2] ?? join(root, 'dist', 'browser-debug.vsix'));
const problems = [];
const check = (ok, problem) => ok || problems.push(problem);

const manifest = await readVSIXPackage(vsix);
const id = /^[a-z0-9][a-z0-9-]*$/i;
check(id.test(manifest.publisher ?? ''), `publisher "${manifest.publisher}" is not a valid Open VSX namespace`);
check(id.test(manifest.name ?? ''), `name "${manifest.name}" is not a valid extension name`);
check(/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(manifest.version ?? ''), `version "${manifest.version}" is not semver`);
check(Boolean(manifest.engines?.vscode), 'engines.vscode is missing');
check(
  await isLicenseOk(vsix, manifest),
  'no licence: Open VSX requires one (a LICENSE file or package.json "license")',
);
check(Boolean(manifest.repository), 'no repository: Open VSX shows it as the source link');

/** A registry stub: answers /api/version and records the publish upload. */
const uploads = [];
const registry = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/api/-/publish')) {
      uploads.push(Buffer.concat(chunks).length);
      const { publisher: namespace, name, version } = manifest;
      return res.end(JSON.stringify({ namespace, name, version, targetPlatform: 'universal' }));
    }
    if (req.url?.startsWith('/api/version')) return res.end(JSON.stringify({ version: 'stub' }));
    res.end('{}');
  });
});
await new Promise((done) => registry.listen(0, '127.0.0.1', done));
try {
  const url = `http://127.0.0.1:${registry.address().port}`;
  const ovsx = join(root, 'node_modules', 'ovsx', 'bin', 'ovsx');
  // Asynchronously: the stub registry answers from this process's event loop.
  const { stdout: output } = await promisify(execFile)(
    process.execPath,
    [ovsx, 'publish', vsix, '-r', url, '-p', 'offline-check'],
    { encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
  check(/Published/.test(output), `ovsx did not publish to the stub registry: ${output}`);
  check(uploads[0] === statSync(vsix).size, `ovsx uploaded ${uploads[0]} bytes, the VSIX has ${statSync(vsix).size}`);
} finally {
  registry.close();
}

const size = `${(statSync(vsix).size / 1024 / 1024).toFixed(2)} MB`;
if (problems.length) {
  console.error(`${vsix} (${size}) is not ready for Open VSX:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `${vsix}: ${size}, ${manifest.publisher}.${manifest.name} ${manifest.version}, engines.vscode ${manifest.engines.vscode}: packaged by vsce; read, licence-checked and publish-tested offline by ovsx (Open VSX)`,
);
