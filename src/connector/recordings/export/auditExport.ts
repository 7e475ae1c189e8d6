import { Parser, type Node } from 'acorn';
import { ApiError } from '../../../shared/errors';

let typeScriptParser: Promise<typeof Parser> | undefined;

/** acorn with the Svelte team's TypeScript plugin (an ES module, so loaded once, on first use). */
function typeScript(): Promise<typeof Parser> {
  typeScriptParser ??= import('@sveltejs/acorn-typescript').then(({ tsPlugin }) => Parser.extend(tsPlugin()));
  return typeScriptParser;
}

/** What an export may contain as string text: the recording's own values and our fixed text. */
export interface LiteralPolicy {
  /** Recorded values (and values derived from them by our writers and the converters' helpers). */
  recorded: ReadonlySet<string>;
  /** Our own and the converters' fixed text. */
  fixed: ReadonlySet<string>;
}

/**
 * The last gate before an export leaves the connector. It parses the generated test (TypeScript for
 * Playwright) and refuses it unless every string literal, template part and regular expression decodes to
 * a recorded value or fixed text, and nothing imports code at run time (`import()`, `require` of anything
 * but the runner). A page string that escaped its literal would show up here as new literals or code.
 */
export async function auditExport(text: string, policy: LiteralPolicy, typescript: boolean): Promise<void> {
  for (const node of await nodesIn(text, typescript)) {
    const problem = problemOf(node, policy);
    if (problem) throw refused(problem);
  }
}

/** Every string a test holds as text: literals, template parts (cooked) and regular expression sources. */
export async function stringsInCode(text: string, typescript: boolean): Promise<string[]> {
  const strings: string[] = [];
  for (const node of await nodesIn(text, typescript)) {
    if (node.type === 'Literal' && typeof node.value === 'string') strings.push(node.value);
    if (node.type === 'Literal' && node.regex) strings.push(node.regex.pattern);
    if (node.type === 'TemplateElement') strings.push(node.value?.cooked ?? '');
  }
  return strings;
}

async function nodesIn(text: string, typescript: boolean): Promise<AnyNode[]> {
  const parser = typescript ? await typeScript() : Parser;
  let program: Node;
  try {
    program = parser.parse(text, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  } catch (error) {
    throw refused(`the generated test does not parse (${(error as Error).message})`);
  }
  return [...nodesOf(program)];
}

function problemOf(node: AnyNode, policy: LiteralPolicy): string | undefined {
  const allowed = (value: string) => policy.recorded.has(value) || policy.fixed.has(value);
  if (node.type === 'Literal' && typeof node.value === 'string' && !allowed(node.value))
    return `a string literal that no recorded value explains: ${JSON.stringify(node.value).slice(0, 120)}`;
  if (node.type === 'Literal' && node.regex && !policy.fixed.has(node.regex.pattern))
    return `a regular expression that is not ours: /${node.regex.pattern.slice(0, 120)}/`;
  if (node.type === 'TemplateLiteral') {
    const parts = (node.quasis as AnyNode[]).map((quasi) => quasi.value?.cooked ?? '');
    // With no `${}` a template is a string (Puppeteer's encoder writes one when a value holds both quotes).
    if (parts.length === 1 && !allowed(parts[0]!))
      return `a string that no recorded value explains: ${JSON.stringify(parts[0]).slice(0, 120)}`;
    const foreign = parts.length > 1 ? parts.find((part) => !policy.fixed.has(part)) : undefined;
    if (foreign !== undefined) return `a template literal that is not ours: ${JSON.stringify(foreign).slice(0, 120)}`;
  }
  if (node.type === 'ImportExpression') return 'a dynamic import()';
  if (node.type === 'CallExpression' && isRequire(node) && !isRequireOf(node, 'puppeteer'))
    return 'a require() of something other than the runner';
  if (node.type === 'Identifier' && (node.name === 'eval' || node.name === 'Function')) return `a call to ${node.name}`;
  return undefined;
}

function isRequire(node: AnyNode): boolean {
  const callee = node.callee as AnyNode | undefined;
  return callee?.type === 'Identifier' && callee.name === 'require';
}

function isRequireOf(node: AnyNode, module: string): boolean {
  const args = node.arguments as AnyNode[];
  return args.length === 1 && args[0]!.type === 'Literal' && args[0]!.value === module;
}

interface AnyNode {
  type: string;
  value?: unknown & { cooked?: string | null };
  regex?: { pattern: string };
  name?: string;
  [key: string]: unknown;
}

/** Every node of the tree, depth first. */
function* nodesOf(root: Node): Generator<AnyNode> {
  const stack: unknown[] = [root];
  while (stack.length) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object' && typeof (item as AnyNode).type === 'string') {
      yield item as AnyNode;
      for (const [key, child] of Object.entries(item))
        if (key !== 'loc' && child && typeof child === 'object') stack.push(child);
    }
  }
}

function refused(why: string): ApiError {
  return new ApiError(
    'INVALID_PARAMETER',
    `Export refused: ${why}. A recorded value did not stay data in the test. Check the recording's steps (a page may have forged them), fix or delete the step, and export again.`,
    { parameter: 'id' },
  );
}
