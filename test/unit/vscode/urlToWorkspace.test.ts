import assert from 'node:assert/strict';
import { jumpTargets, workspaceCandidates } from '../../../src/vscode/urlToWorkspace';

describe('URL to workspace path mapping', () => {
  const folders = ['/home/dev/app'];

  it('maps a Vite dev server URL to the file under the workspace', () => {
    assert.equal(
      workspaceCandidates('http://localhost:5173/src/main.ts?t=1712', folders)[0],
      '/home/dev/app/src/main.ts',
    );
    assert.ok(
      workspaceCandidates('http://localhost:5173/@fs/home/dev/lib/util.ts', folders).includes('/home/dev/lib/util.ts'),
    );
  });

  it('maps webpack and Next.js source-map sources', () => {
    assert.equal(workspaceCandidates('webpack:///./src/App.tsx', folders)[0], '/home/dev/app/src/App.tsx');
    assert.equal(workspaceCandidates('webpack://my-app/./src/App.tsx', folders)[0], '/home/dev/app/src/App.tsx');
    assert.equal(
      workspaceCandidates('webpack-internal:///(app-pages-browser)/./app/page.tsx', folders)[0],
      '/home/dev/app/app/page.tsx',
    );
  });

  it('maps file URLs, and static files served from public/', () => {
    assert.equal(workspaceCandidates('file:///home/dev/app/index.js', folders)[0], '/home/dev/app/index.js');
    assert.ok(workspaceCandidates('http://localhost:3000/app.js', folders).includes('/home/dev/app/public/app.js'));
  });

  it('lets the pathMapping setting win, longest prefix first', () => {
    const mapping = {
      'http://localhost:3000/': '${workspaceFolder}/web/',
      'http://localhost:3000/static/': '${workspaceFolder}/assets/',
    };
    assert.equal(
      workspaceCandidates('http://localhost:3000/static/app.js?v=2', folders, mapping)[0],
      '/home/dev/app/assets/app.js',
    );
    assert.equal(
      workspaceCandidates('http://localhost:3000/main.js', folders, mapping)[0],
      '/home/dev/app/web/main.js',
    );
  });

  it('offers nothing for sources it cannot place', () => {
    assert.deepEqual(workspaceCandidates('<anonymous>', folders), []);
  });
});

describe('jumpTargets', () => {
  it('opens the original source at the mapped line first, then the script at the captured line', () => {
    const mapped = {
      url: 'http://localhost:5173/src/App.tsx?t=17',
      line: 9,
      column: 11,
      original: { source: 'http://localhost:5173/src/App.tsx', line: 6, column: 5 },
    };
    const targets = jumpTargets(mapped, undefined, ['/w']);
    assert.deepEqual(targets[0], { path: '/w/src/App.tsx', line: 6, column: 5 });
    assert.ok(
      targets.findIndex((t) => t.line === 9) > targets.findIndex((t) => t.line === 6),
      'the bundle line only after every original candidate',
    );
    assert.deepEqual(jumpTargets(undefined, { url: 'webpack://app/./src/index.js', line: 3, column: 1 }, ['/w'])[0], {
      path: '/w/src/index.js',
      line: 3,
      column: 1,
    });
    assert.deepEqual(jumpTargets(undefined, undefined, ['/w']), []);
  });
});
