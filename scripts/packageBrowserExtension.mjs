// Zips the built unpacked extension (dist/browser-extension) for "Load unpacked" after unzipping,
// or for the Chrome Web Store. Source maps stay out of the zip.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';

const source = 'dist/browser-extension';
const target = process.argv[2] ?? 'dist/browser-debug-extension.zip';

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const entries = Object.fromEntries(
  files(source)
    .filter((path) => !path.endsWith('.map'))
    .map((path) => [relative(source, path), readFileSync(path)]),
);
writeFileSync(target, zipSync(entries, { level: 9 }));
console.log(`${target}: ${Object.keys(entries).length} files`);
