// Zips the built unpacked extension (dist/browser-extension) for "Load unpacked" after unzipping,
// or for the Chrome Web Store. Source maps stay out of the zip.
// Usage: node scripts/packageBrowserExtension.mjs [out.zip] [--store DIR]
// With --store, DIR gets the zip plus what the store's dashboard asks for beside it: the listing text
// (docs/store-listing.md) and the 1280×800 screenshots (docs/images/store/).
import { copyFileSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';

const { values, positionals } = parseArgs({ options: { store: { type: 'string' } }, allowPositionals: true });
const source = 'dist/browser-extension';
const target = positionals[0] ?? 'dist/browser-debug-extension.zip';

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

if (values.store) {
  const screenshots = join(values.store, 'screenshots');
  mkdirSync(screenshots, { recursive: true });
  copyFileSync(target, join(values.store, basename(target)));
  copyFileSync('docs/store-listing.md', join(values.store, 'store-listing.md'));
  const pictures = readdirSync('docs/images/store').filter((name) => name.endsWith('.png'));
  for (const name of pictures) copyFileSync(join('docs/images/store', name), join(screenshots, name));
  console.log(`${values.store}: the zip, store-listing.md and ${pictures.length} screenshots`);
}
