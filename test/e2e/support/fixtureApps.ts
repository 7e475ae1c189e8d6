/**
 * The third-party apps the source-mapping tests run: `npm create vite` react-ts and vue-ts, and a
 * minimal webpack 5 app served by webpack-dev-server with two devtools. Each fixture file puts a
 * console.warn and an unhandled rejection on known lines of the original source.
 */
import { rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { pinDependencies, run, type DevApp } from './devApps';

const CREATE_VITE = '9.3.0';
const VITE = '8.3.8';

/** `npm create vite` into the staging folder itself (its parent is the cache). */
async function createVite(dir: string, template: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  await run(
    'npm',
    ['create', '--yes', `vite@${CREATE_VITE}`, basename(dir), '--', '--template', template, '--no-interactive'],
    dirname(dir),
  );
}

/** Line 6: the warning; line 7: a fetch; line 8: the rejection (the case). Clicking the button throws inside React. */
export const REACT_APP_TSX = `import { useEffect } from 'react'
import './App.css'

function App() {
  useEffect(() => {
    console.warn('bd fixture: warn from App')
    void fetch('/bd-fixture/data.json?from=App')
    Promise.reject(new Error('bd fixture: rejected in App'))
  }, [])
  return <button id="boom" onClick={() => { throw new Error('bd fixture: click failed') }}>Boom</button>
}

export default App
`;

export const viteReactTs: DevApp = {
  id: `vite-react-ts-${CREATE_VITE}`,
  versions: { 'create-vite': CREATE_VITE, vite: VITE, react: '19.3.1', '@vitejs/plugin-react': '6.1.2' },
  async install(dir) {
    await createVite(dir, 'react-ts');
    pinDependencies(dir, { react: '19.3.1', 'react-dom': '19.3.1' }, { vite: VITE, '@vitejs/plugin-react': '6.1.2' });
    await run('npm', ['install'], dir);
  },
  files: { 'src/App.tsx': REACT_APP_TSX },
  serve: (port) => ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
};

/** Line 5: the warning; line 6: the rejection. */
export const VUE_APP = `<script setup lang="ts">
import { onMounted } from 'vue'

onMounted(() => {
  console.warn('bd fixture: warn from App.vue')
  Promise.reject(new Error('bd fixture: rejected in App.vue'))
})
</script>

<template>
  <button id="boom">Boom</button>
</template>
`;

export const viteVueTs: DevApp = {
  id: `vite-vue-ts-${CREATE_VITE}`,
  versions: {
    'create-vite': CREATE_VITE,
    vite: VITE,
    vue: '3.5.45',
    '@vitejs/plugin-vue': '6.0.11',
    '@vue/tsconfig': '0.9.1',
  },
  async install(dir) {
    await createVite(dir, 'vue-ts');
    pinDependencies(dir, { vue: '3.5.45' }, { vite: VITE, '@vitejs/plugin-vue': '6.0.11', '@vue/tsconfig': '0.9.1' });
    await run('npm', ['install'], dir);
  },
  files: { 'src/App.vue': VUE_APP },
  serve: (port) => ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
};

const WEBPACK = '5.112.2';
/** 6.x needs Node 22; 5.2 is the newest that runs on Node 20. */
const WEBPACK_DEV_SERVER = '5.2.7';

/** Line 4: the warning; line 6: the rejection. */
export const WEBPACK_INDEX = `import { greet } from './greet.js';

// Browser Debug fixture: a warning on line 4, an unhandled rejection on line 6.
console.warn('bd fixture: ' + greet('webpack'));

Promise.reject(new Error('bd fixture: rejected in index.js'));
`;

const WEBPACK_SERVE = `// Starts webpack-dev-server through its API: node serve.cjs <port> <devtool>
const path = require('node:path');
const webpack = require('webpack');
const WebpackDevServer = require('webpack-dev-server');
const [port, devtool] = process.argv.slice(2);
const compiler = webpack({
  mode: 'development',
  context: __dirname,
  devtool,
  entry: './src/index.js',
  output: { path: path.join(__dirname, 'dist'), filename: 'main.js' },
});
const server = new WebpackDevServer({ host: '127.0.0.1', port: Number(port), static: { directory: path.join(__dirname, 'public') } }, compiler);
server.start().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

function webpackApp(devtool: string): DevApp {
  return {
    id: `webpack-${WEBPACK}`,
    versions: { webpack: WEBPACK, 'webpack-dev-server': WEBPACK_DEV_SERVER },
    async install(dir) {
      pinDependencies(dir, {}, { webpack: WEBPACK, 'webpack-dev-server': WEBPACK_DEV_SERVER });
      await run('npm', ['install'], dir);
    },
    files: {
      'src/index.js': WEBPACK_INDEX,
      'src/greet.js': 'export function greet(name) {\n  return `warn from ${name}`;\n}\n',
      'public/index.html':
        '<!doctype html>\n<html><head><title>webpack fixture</title></head><body><script src="/main.js"></script></body></html>\n',
      'serve.cjs': WEBPACK_SERVE,
    },
    serve: (port) => ['serve.cjs', String(port), devtool],
  };
}

export const webpackEval = webpackApp('eval-cheap-module-source-map');
export const webpackSourceMap = webpackApp('source-map');

const NEXT = '16.4.6';

/** Line 7: the warning; line 8: the rejection. */
export const NEXT_PAGE = `'use client';
import { useEffect } from 'react';

export default function Page() {
  useEffect(() => {
    // Browser Debug fixture
    console.warn('bd fixture: warn from page.tsx');
    Promise.reject(new Error('bd fixture: rejected in page.tsx'));
  }, []);
  return <button id="boom">Boom</button>;
}
`;

export const nextApp: DevApp = {
  id: `next-${NEXT}`,
  versions: { next: NEXT, react: '19.3.1' },
  async install(dir) {
    // TypeScript and the types up front: otherwise `next dev` installs them itself on first start.
    pinDependencies(
      dir,
      { next: NEXT, react: '19.3.1', 'react-dom': '19.3.1' },
      { typescript: '5.9.3', '@types/react': '19.3.0', '@types/node': '24.19.2' },
    );
    await run('npm', ['install'], dir);
  },
  files: {
    'app/page.tsx': NEXT_PAGE,
    'app/layout.tsx':
      'export default function RootLayout({ children }: { children: React.ReactNode }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
    'next.config.mjs': 'export default {};\n',
  },
  serve: (port) => ['node_modules/next/dist/bin/next', 'dev', '--hostname', '127.0.0.1', '--port', String(port)],
};
