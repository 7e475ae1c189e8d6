/**
 * The apps the inspection tests run: copies of the cached `npm create vite` react-ts and vue-ts apps
 * (so their fixture files never race the source-map tests, which share the cache), with a counter
 * button, a hidden paragraph and stylesheets whose lines the tests name.
 */
import { cpSync, rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { ensureApp, run, type DevApp } from './devApps';
import { viteReactTs, viteVueTs } from './fixtureApps';

/** As the source-map tests' apps (fixtureApps.ts). */
const CREATE_VITE = '9.3.0';

/** Line 7: the button's JSX; line 16: `<Counter />` in App. */
export const INSPECT_APP_TSX = `import { useState } from 'react'
import './App.css'

function Counter() {
  const [count, setCount] = useState(0)
  return (
    <button className="counter" onClick={() => setCount((count) => count + 1)}>
      count is {count}
    </button>
  )
}

function App() {
  return (
    <div className="card">
      <Counter />
      <p id="gone" className="gone">hidden text</p>
      <div className="veil"><span id="faded">faded</span></div>
    </div>
  )
}

export default App
`;

/** Line 5: \`.counter\`, which overrides index.css's \`button\` background and radius. */
export const INSPECT_APP_CSS = `.card {
  padding: 2em;
}

.counter {
  background-color: rebeccapurple;
  border-radius: 8px;
}

.gone {
  display: none;
}

.veil {
  opacity: 0;
}
`;

/** Line 1: \`button\`. */
export const INSPECT_INDEX_CSS = `button {
  border-radius: 4px;
  background-color: #1a1a1a;
  color: white;
  padding: 0.6em 1.2em;
}
`;

function copyOf(base: DevApp, id: string, files: Record<string, string>): DevApp {
  return {
    ...base,
    id,
    async install(dir) {
      const from = await ensureApp(base);
      rmSync(dir, { recursive: true, force: true });
      cpSync(from, dir, { recursive: true, verbatimSymlinks: true });
      rmSync(`${dir}/.complete`, { force: true });
    },
    files,
  };
}

export const inspectReactApp = copyOf(viteReactTs, `${viteReactTs.id}-inspect`, {
  'src/App.tsx': INSPECT_APP_TSX,
  'src/App.css': INSPECT_APP_CSS,
  'src/index.css': INSPECT_INDEX_CSS,
});

/** Line 6: the button; Vue names the component App and its file. */
export const INSPECT_APP_VUE = `<script setup lang="ts">
import { ref } from 'vue'
const count = ref(0)
</script>

<template>
  <button class="counter" @click="count++">count is {{ count }}</button>
</template>

<style>
.counter {
  background-color: rebeccapurple;
}
</style>
`;

export const inspectVueApp = copyOf(viteVueTs, `${viteVueTs.id}-inspect`, { 'src/App.vue': INSPECT_APP_VUE });

/** `npm create vite` svelte-ts; line 7: the button, inside Counter.svelte rendered by App.svelte. */
export const INSPECT_COUNTER_SVELTE = `<script lang="ts">
  let count = $state(0)
</script>

<p>counter</p>

<button class="counter" onclick={() => count++}>count is {count}</button>
`;

export const INSPECT_APP_SVELTE = `<script lang="ts">
  import Counter from './lib/Counter.svelte'
</script>

<main>
  <Counter />
</main>
`;

export const inspectSvelteApp: DevApp = {
  id: `vite-svelte-ts-${CREATE_VITE}-inspect`,
  versions: { 'create-vite': CREATE_VITE },
  async install(dir) {
    rmSync(dir, { recursive: true, force: true });
    await run(
      'npm',
      ['create', '--yes', `vite@${CREATE_VITE}`, basename(dir), '--', '--template', 'svelte-ts', '--no-interactive'],
      dirname(dir),
    );
    await run('npm', ['install'], dir);
  },
  files: { 'src/App.svelte': INSPECT_APP_SVELTE, 'src/lib/Counter.svelte': INSPECT_COUNTER_SVELTE },
  serve: (port) => ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
};
