import assert from 'node:assert/strict';
import { locationLabel, shortLocationLabel, sourceLabel } from '../../../src/shared/entryLocation';
import { foldedLabel, foldFrames, libraryOf } from '../../../src/shared/frameFolding';
import { collapseRepeats, consoleRepeatKey } from '../../../src/shared/repeats';

describe('framework frames, repeats and location labels (shared)', () => {
  it('names the library of Vite deps, node_modules, webpack vendor chunks and React bundles, and nothing for app code', () => {
    assert.equal(
      libraryOf('http://localhost:5173/node_modules/.vite/deps/react-dom_client.js?v=149b2efd'),
      'react-dom',
    );
    assert.equal(libraryOf('http://localhost:5173/node_modules/.vite/deps/chunk-ABC123.js?v=1'), 'vite deps');
    assert.equal(libraryOf('webpack://app/./node_modules/scheduler/cjs/scheduler.development.js'), 'scheduler');
    assert.equal(libraryOf('webpack://app/node_modules/@tanstack/query-core/build/x.js'), '@tanstack/query-core');
    assert.equal(libraryOf('http://localhost:8080/vendors-node_modules_react-dom_client_js.js'), 'react-dom');
    assert.equal(libraryOf('http://localhost:8080/vendors-node_modules_lodash_lodash_js.js'), 'lodash');
    assert.equal(libraryOf('http://localhost:3000/_next/static/chunks/framework.js'), 'framework');
    assert.equal(
      libraryOf('file:///home/me/app/node_modules/next/dist/compiled/react-dom/cjs/react-dom-client.development.js'),
      'react-dom',
    );
    assert.equal(
      libraryOf('http://localhost:3000/_next/static/chunks/node_modules_next_dist_compiled_react-dom_1f56dc06._.js'),
      'react-dom',
    );
    assert.equal(
      libraryOf('http://localhost:3000/_next/static/chunks/node_modules_next_dist_client_8f19e6fb._.js'),
      'next',
    );
    assert.equal(libraryOf('http://localhost:5173/src/App.tsx?t=1700000000'), undefined);
    assert.equal(libraryOf('webpack://app/./src/index.js'), undefined);
  });

  it('folds each run of library frames into one line and keeps the app frames, mapped sources first', () => {
    const app = { url: 'http://h/src/App.tsx', line: 9, column: 11 };
    const dom = (line: number) => ({
      url: 'http://h/node_modules/.vite/deps/react-dom_client.js?v=1',
      line,
      column: 1,
    });
    const mappedVendor = {
      url: 'http://h/main.js',
      line: 1,
      column: 1,
      original: { source: 'webpack://app/./node_modules/react/index.js', line: 1, column: 1 },
    };
    const folded = foldFrames([app, dom(1), dom(2), dom(3), app, mappedVendor, dom(4)]);
    assert.deepEqual(folded, [
      { frame: app },
      { folded: 3, library: 'react-dom' },
      { frame: app },
      { folded: 2, library: 'react' },
    ]);
    assert.equal(foldedLabel({ folded: 7, library: 'react-dom' }), '… 7 frames in react-dom');
    assert.deepEqual(foldFrames([app, dom(1)]), [{ frame: app }, { frame: dom(1) }], 'a single library frame stays');
  });

  it('collapses identical consecutive entries only', () => {
    const entries = ['a', 'a', 'b', 'a', 'a', 'a'].map((message, i) => ({
      type: 'console-log',
      level: 'warn',
      message,
      id: i,
    }));
    const runs = collapseRepeats(entries, (entry) => consoleRepeatKey(entry, 'x.ts:1'));
    assert.deepEqual(
      runs.map((run) => [run.entry.message, run.entries.length]),
      [
        ['a', 2],
        ['b', 1],
        ['a', 3],
      ],
    );
    assert.notEqual(
      consoleRepeatKey({ type: 'console-log', level: 'warn', message: 'a' }, 'x:1'),
      consoleRepeatKey({ type: 'console-log', level: 'warn', message: 'a' }, 'x:2'),
    );
    assert.notEqual(
      consoleRepeatKey({ type: 'console-log', level: 'warn', message: 'a' }),
      consoleRepeatKey({ type: 'console-log', level: 'log', message: 'a' }),
    );
  });

  it('labels a location by its original source without origin, query, webpack or /@fs/ prefixes', () => {
    assert.equal(sourceLabel('http://localhost:5173/src/App.tsx?t=1700000000'), '/src/App.tsx');
    assert.equal(sourceLabel('webpack://my-app/./src/index.js?'), 'src/index.js');
    assert.equal(sourceLabel('webpack-internal:///(app-pages-browser)/./app/page.tsx'), 'app/page.tsx');
    assert.equal(sourceLabel('http://localhost:5173/@fs/home/me/lib/x.ts'), '/home/me/lib/x.ts');
    assert.equal(sourceLabel('file:///home/me/app/src/a.ts'), '/home/me/app/src/a.ts');
    const frame = {
      url: 'http://localhost:5173/src/App.tsx?t=1',
      line: 9,
      column: 11,
      original: { source: 'http://localhost:5173/src/App.tsx', line: 6, column: 5 },
    };
    assert.equal(locationLabel(frame), '/src/App.tsx:6:5');
    assert.equal(shortLocationLabel(frame), 'App.tsx:6');
    assert.equal(locationLabel({ url: 'http://h/a.js?v=2', line: 3, column: 4 }), '/a.js:3:4');
  });
});
