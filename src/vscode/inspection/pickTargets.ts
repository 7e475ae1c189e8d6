import { isAbsolute, join } from 'node:path';
import type { ElementInspection, SourcePosition } from '../../shared/inspection';
import { workspaceCandidates } from '../urlToWorkspace';

/** The rule "Go to CSS Rule" opens: the one asked for, else the highest-precedence author rule with a location. */
export function cssRuleTarget(inspection: ElementInspection, index?: number): SourcePosition | undefined {
  const rules = inspection.rules;
  const chosen =
    index !== undefined
      ? rules[index]
      : rules.find(
          (rule) =>
            rule.origin === 'author' &&
            rule.location?.original &&
            rule.declarations.some((declaration) => declaration.status === 'winning'),
        );
  return chosen?.location?.original;
}

/** Where "Go to Component" opens: the element's own source (React JSX, Svelte markup), else the nearest component's. */
export function componentTarget(inspection: ElementInspection): SourcePosition | undefined {
  const chain = inspection.components;
  return chain.element?.original ?? chain.components.find((frame) => frame.original)?.original;
}

/**
 * Files a mapped position may be, most likely first: its absolute file, the workspace folders joined with a
 * relative source (`src/App.css`), then the URL-to-workspace candidates every other jump uses. Pure.
 */
export function fileCandidates(
  position: SourcePosition,
  folders: readonly string[],
  pathMapping: Readonly<Record<string, string>> = {},
): string[] {
  const out: string[] = [];
  const add = (path: string) => !out.includes(path) && out.push(path);
  if (position.file) add(position.file);
  if (isAbsolute(position.source)) add(position.source);
  else if (!/^[a-z][\w+.-]*:/i.test(position.source)) for (const folder of folders) add(join(folder, position.source));
  for (const path of workspaceCandidates(position.source, folders, pathMapping)) add(path);
  return out;
}
