import type { InspectedDeclaration, InspectedRule } from '../../../../src/shared/inspection';

/** The fields of CSS.CSSProperty we read. */
export interface CdpProperty {
  name: string;
  value: string;
  important?: boolean;
  implicit?: boolean;
  text?: string;
  parsedOk?: boolean;
  disabled?: boolean;
  range?: unknown;
}

export interface CdpStyle {
  styleSheetId?: string;
  cssProperties: CdpProperty[];
  range?: { startLine: number; startColumn: number };
}

export interface CdpRule {
  styleSheetId?: string;
  selectorList: { selectors: { text: string; range?: { startLine: number; startColumn: number } }[]; text: string };
  origin: string;
  style: CdpStyle;
  media?: { text: string }[];
}

export interface CdpMatchedStyles {
  inlineStyle?: CdpStyle;
  matchedCSSRules?: { rule: CdpRule; matchingSelectors: number[] }[];
}

/** A rule as the cascade sees it, highest precedence first, before locations are added. */
export interface CascadeRule {
  rule: Omit<InspectedRule, 'location'>;
  styleSheetId?: string;
  range?: { startLine: number; startColumn: number };
}

/** Longhands a shorthand resets, where the prefix rule (`margin` → `margin-top`) would be wrong. */
const NOT_RESET_BY: Record<string, string[]> = { border: ['border-radius', 'border-collapse', 'border-spacing'] };

function covers(winner: string, name: string): boolean {
  if (winner === name) return true;
  return name.startsWith(`${winner}-`) && !(NOT_RESET_BY[winner] ?? []).some((kept) => name.startsWith(kept));
}

/** The declarations as written (longhands Chrome expands from a shorthand are left out). */
function written(style: CdpStyle): CdpProperty[] {
  return style.cssProperties.filter((property) => property.range !== undefined && !property.disabled);
}

function originOf(origin: string): InspectedRule['origin'] {
  if (origin === 'regular') return 'author';
  if (origin === 'user-agent') return 'user-agent';
  if (origin === 'inspector' || origin === 'injected') return 'other';
  return 'other';
}

/**
 * The matched rules, highest precedence first (the inline style, then the last matching rule), each
 * declaration marked winning or overridden: an `!important` declaration beats every normal one, and
 * a shorthand written later resets the longhands it covers.
 */
export function cascade(matched: CdpMatchedStyles): CascadeRule[] {
  const rules: { style: CdpStyle; base: Omit<CascadeRule['rule'], 'declarations'>; source: CascadeRule }[] = [];
  if (matched.inlineStyle && written(matched.inlineStyle).length)
    rules.push({
      style: matched.inlineStyle,
      base: { selector: 'style attribute', origin: 'inline' },
      source: { rule: { selector: '', origin: 'inline', declarations: [] } },
    });
  for (const { rule, matchingSelectors } of [...(matched.matchedCSSRules ?? [])].reverse()) {
    const selectors = matchingSelectors.map((index) => rule.selectorList.selectors[index]).filter(Boolean);
    const selector = (selectors.map((entry) => entry!.text).join(', ') || rule.selectorList.text).slice(0, 2000);
    const media = rule.media?.map((entry) => entry.text).join(' and ');
    rules.push({
      style: rule.style,
      base: { selector, origin: originOf(rule.origin), ...(media ? { media } : {}) },
      source: {
        rule: { selector, origin: originOf(rule.origin), declarations: [] },
        styleSheetId: rule.styleSheetId,
        range: selectors[0]?.range ?? rule.style.range,
      },
    });
  }
  const important = rules.flatMap(({ style }) =>
    written(style)
      .filter((property) => property.important && property.parsedOk !== false)
      .map((property) => property.name),
  );
  const seen = { important: [] as string[], normal: [] as string[] };
  return rules.map(({ style, base, source }) => {
    const declarations: InspectedDeclaration[] = written(style).map((property) => {
      // A data: URL or a long font stack would exceed the schema's 2,000 characters: cut, never refused.
      const entry: InspectedDeclaration = {
        name: property.name.slice(0, 200),
        value: property.value.slice(0, 2000),
        status: 'winning',
      };
      if (property.important) entry.important = true;
      if (property.parsedOk === false) return { ...entry, status: 'invalid' };
      const beaten = property.important
        ? seen.important.some((winner) => covers(winner, property.name))
        : important.some((winner) => covers(winner, property.name)) ||
          seen.normal.some((winner) => covers(winner, property.name));
      return beaten ? { ...entry, status: 'overridden' } : entry;
    });
    // Later declarations in the same rule beat earlier ones.
    for (let i = 0; i < declarations.length; i++)
      for (let j = i + 1; j < declarations.length; j++)
        if (
          declarations[i]!.status === 'winning' &&
          declarations[j]!.status === 'winning' &&
          !!declarations[i]!.important === !!declarations[j]!.important &&
          covers(declarations[j]!.name, declarations[i]!.name)
        )
          declarations[i]!.status = 'overridden';
    for (const property of written(style))
      if (property.parsedOk !== false) (property.important ? seen.important : seen.normal).push(property.name);
    return { ...source, rule: { ...base, declarations } };
  });
}
