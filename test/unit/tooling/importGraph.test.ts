import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(__dirname, '../../..');
const SOURCE_DIRS = ['src', 'browser-extension/src', 'webview-ui/src', 'edge/src'];

/** Every .ts file under the shipped source folders, as paths relative to the repo root. */
function sourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
      .map((name) => join(dir, name)),
  );
}

/** Every module name one file imports (type-only ones included: they count as edges too). */
function specifiersOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true).importedFiles.map((ref) => ref.fileName);
}

/** Relative imports of one file, resolved to files. */
function importsOf(file: string): string[] {
  return specifiersOf(file)
    .filter((name) => name.startsWith('.'))
    .map((name) => {
      const base = join(dirname(file), name);
      return [`${base}.ts`, join(base, 'index.ts'), base].find(
        (candidate) => existsSync(join(root, candidate)) && candidate.endsWith('.ts'),
      );
    })
    .filter((path): path is string => Boolean(path));
}

function graph(): Map<string, string[]> {
  return new Map(sourceFiles().map((file) => [file, importsOf(file)]));
}

/** The import circles, each written as a path that returns to its start (Tarjan's strongly connected components). */
function circles(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component);
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Which layers a layer may import (STYLE.md: shared ← connector ← mcp ← vscode ← extension.ts). */
const ALLOWED: Record<string, string[]> = {
  'src/shared': ['src/shared'],
  'src/connector': ['src/shared', 'src/connector'],
  'src/mcp': ['src/shared', 'src/connector', 'src/mcp'],
  'src/vscode': ['src/shared', 'src/connector', 'src/mcp', 'src/vscode'],
  'browser-extension/src': ['src/shared', 'browser-extension/src'],
  'webview-ui/src': ['src/shared', 'webview-ui/src'],
  'edge/src': ['src/shared', 'edge/src'],
};

/**
 * The edge's own layers, top first: a file may import its own layer and those below, never one above
 * (routes → services → data → base, and src/shared under all of them).
 */
const EDGE_LAYERS: [layer: string, paths: string[]][] = [
  ['routes', ['index.ts', 'app.ts', 'maintenance.ts', 'routes/', 'openapi/']],
  ['services', ['auth/', 'limits/', 'tunnel/', 'webhooks/', 'export/', 'http/']],
  ['data', ['data/']],
  ['base', ['base/']],
];

function edgeLayerOf(file: string): number {
  const inEdge = file.slice('edge/src/'.length);
  return EDGE_LAYERS.findIndex(([, paths]) =>
    paths.some((path) => (path.endsWith('/') ? inEdge.startsWith(path) : inEdge === path)),
  );
}

/** Edge imports that point up a layer, and edge files that sit in no layer. */
function edgeLayerProblems(edges: Map<string, string[]>): string[] {
  const wrong: string[] = [];
  for (const [file, targets] of edges) {
    if (!file.startsWith('edge/src/')) continue;
    const layer = edgeLayerOf(file);
    if (layer < 0) wrong.push(`${file} is in no edge layer (see EDGE_LAYERS)`);
    for (const target of targets)
      if (target.startsWith('edge/src/') && edgeLayerOf(target) < layer)
        wrong.push(`${file} (${EDGE_LAYERS[layer]![0]}) → ${target} (${EDGE_LAYERS[edgeLayerOf(target)]?.[0]})`);
  }
  return wrong;
}

const NODE_ONLY = new Set(builtinModules);

/** Node-only modules the edge bundle would pull in: from its own files or the src/shared files it reaches. */
function edgeNodeImports(edges: Map<string, string[]>): string[] {
  const reached = new Set<string>();
  const visit = (file: string): void => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const target of edges.get(file) ?? importsOf(file)) visit(target);
  };
  for (const file of edges.keys()) if (file.startsWith('edge/src/')) visit(file);
  return [...reached].flatMap((file) =>
    specifiersOf(file)
      .filter((name) => name.startsWith('node:') || NODE_ONLY.has(name.split('/')[0]!))
      .map((name) => `${file} → ${name}`),
  );
}

/** Writes files into the tree for one check, and removes them whatever happens. */
function withPlanted<T>(files: Record<string, string>, check: () => T): T {
  try {
    for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
    return check();
  } finally {
    for (const path of Object.keys(files)) rmSync(join(root, path), { force: true });
  }
}

function layerOf(file: string): string | undefined {
  return Object.keys(ALLOWED).find((layer) => file.startsWith(`${layer}/`));
}

describe('import graph', () => {
  const edges = graph();

  it('reads the whole source tree', () => {
    assert.ok(edges.size > 100, `only ${edges.size} files found`);
  });

  it('has no import circles, type-only imports included', () => {
    const found = circles(edges).map((component) => component.map((file) => relative('.', file)).join(' ↔ '));
    assert.deepEqual(found, [], `import circles:\n${found.join('\n')}`);
  });

  it('points one way: shared ← connector ← mcp ← vscode, and browser code imports only src/shared', () => {
    const wrong: string[] = [];
    for (const [file, targets] of edges) {
      const layer = layerOf(file);
      if (!layer) continue;
      for (const target of targets) {
        const targetLayer = layerOf(target);
        if (targetLayer && !ALLOWED[layer]!.includes(targetLayer)) wrong.push(`${file} → ${target}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('keeps the edge in its layers (routes → services → data → base) and free of Node-only modules', () => {
    assert.ok(
      [...edges.keys()].some((file) => file.startsWith('edge/src/')),
      'edge files are read',
    );
    assert.deepEqual(edgeLayerProblems(edges), []);
    assert.deepEqual(edgeNodeImports(edges), []);
  });

  it('fails on a planted edge circle, an edge import up a layer, and an edge import of node:fs', () => {
    const planted = {
      'edge/src/data/plantedA.ts': "import type { B } from './plantedB';\nexport type A = B;\n",
      'edge/src/data/plantedB.ts': "import type { A } from './plantedA';\nexport type B = A | 1;\n",
      'edge/src/data/plantedUp.ts': "import { createApp } from '../app';\nexport const app = createApp;\n",
      'edge/src/base/plantedFs.ts':
        "import { readFileSync } from 'node:fs';\nimport { join } from 'path';\nexport const read = (p: string) => readFileSync(join(p));\n",
    };
    withPlanted(planted, () => {
      const planted = graph();
      const found = circles(planted).map((component) => component.sort().join(' ↔ '));
      assert.ok(found.includes('edge/src/data/plantedA.ts ↔ edge/src/data/plantedB.ts'), found.join('\n'));
      assert.deepEqual(edgeLayerProblems(planted), ['edge/src/data/plantedUp.ts (data) → edge/src/app.ts (routes)']);
      assert.deepEqual(edgeNodeImports(planted), [
        'edge/src/base/plantedFs.ts → node:fs',
        'edge/src/base/plantedFs.ts → path',
      ]);
    });
    assert.ok(!existsSync(join(root, 'edge/src/data/plantedA.ts')), 'the planted files are gone');
  });
});
