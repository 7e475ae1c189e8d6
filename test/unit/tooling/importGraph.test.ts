import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(__dirname, '../../..');
const SOURCE_DIRS = ['src', 'browser-extension/src', 'webview-ui/src'];

/** Every .ts file under the shipped source folders, as paths relative to the repo root. */
function sourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
      .map((name) => join(dir, name)),
  );
}

/** Relative imports of one file (type-only ones included: they count as edges too), resolved to files. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
  return info.importedFiles
    .map((ref) => ref.fileName)
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
};

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
});
