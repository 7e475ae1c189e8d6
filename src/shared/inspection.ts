import { z } from 'zod';

/** A place in a served file (1-based line and column), before source maps. */
export interface RawPosition {
  url: string;
  line: number;
  column: number;
}

/** A place in the workspace's own source, after source maps (or the file a dev server names). */
export interface SourcePosition {
  /** As shown: relative to the app's folder when known (`src/App.css`), else the map's source. */
  source: string;
  /** Absolute path on this machine, when known: for editors. */
  file?: string;
  line: number;
  column?: number;
}

/** Where a rule comes from: its stylesheet (served URL or dev-server file) and, when mapped, the original. */
export interface RuleLocation {
  /** The stylesheet's URL (empty for sheets made by script without one). */
  sheetUrl: string;
  /** Vite's `data-vite-dev-id` of the `<style>` that holds the sheet: the file on disk. */
  devFile?: string;
  /** 1-based, in the stylesheet's text. */
  line: number;
  column: number;
  sourceMapUrl?: string;
  original?: SourcePosition;
}

export type DeclarationStatus = 'winning' | 'overridden' | 'invalid';

export interface InspectedDeclaration {
  name: string;
  value: string;
  important?: boolean;
  status: DeclarationStatus;
}

export interface InspectedRule {
  /** The selector text, or `style attribute` for inline styles. */
  selector: string;
  origin: 'inline' | 'author' | 'user-agent' | 'other';
  media?: string;
  location?: RuleLocation;
  declarations: InspectedDeclaration[];
}

export interface ComponentFrame {
  name: string;
  /** Where the component (or, for the first entry of React, the element) was written: raw, before maps. */
  raw?: RawPosition;
  /** A file a framework names directly (Vue `__file`, Svelte `__svelte_meta`), absolute or project-relative. */
  file?: string;
  fileLine?: number;
  original?: SourcePosition;
}

export interface ComponentChain {
  framework: 'react' | 'vue' | 'svelte' | 'none';
  /** What is not available and why (a production build, no framework found). */
  note?: string;
  /** Where the element itself was written (React's JSX location), nearest first in `components`. */
  element?: ComponentFrame;
  components: ComponentFrame[];
}

export interface BoxEdges {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface ElementBox {
  /** Border box in the viewport, CSS px. */
  x: number;
  y: number;
  width: number;
  height: number;
  padding: BoxEdges;
  border: BoxEdges;
  margin: BoxEdges;
}

/** What `inspect_element` and `POST /inspect-element` answer. */
export interface ElementInspection {
  tabId: number;
  url?: string;
  tag: string;
  role?: string;
  name?: string;
  selector: string;
  /** How many elements the caller's selector matched (the first is inspected). */
  matches?: number;
  box?: ElementBox;
  visible: boolean;
  hiddenReasons: string[];
  computed: Record<string, string>;
  rules: InspectedRule[];
  /** User-agent rules are counted, not listed. */
  userAgentRules: number;
  components: ComponentChain;
}

/** The element by ref or selector (exactly one). */
export const inspectRequestShape = {
  ref: z
    .string()
    .regex(/^e\d+$/, 'expected a ref such as "e7"')
    .optional()
    .describe('Ref from take_snapshot, e.g. "e7".'),
  selector: z.string().min(1).max(1000).optional().describe('Or a CSS selector (first match).'),
  properties: z
    .array(z.string().regex(/^-?[a-z][a-z0-9-]*$/, 'a CSS property name such as "gap"'))
    .max(20)
    .optional()
    .describe('More computed properties, e.g. ["gap"].'),
};

/** HTTP callers may name the tab; MCP callers pick it with select_tab. */
const tabIdField = { tabId: z.number().int().optional().describe('Tab id (default: the selected or active tab).') };

export const oneTarget = {
  check: (args: { ref?: string; selector?: string }) => (args.ref === undefined) !== (args.selector === undefined),
  message: 'Give exactly one of `ref` or `selector`.',
};

export const inspectRequestSchema = z
  .strictObject({ ...inspectRequestShape, ...tabIdField })
  .refine(oneTarget.check, oneTarget.message);
export type InspectRequest = z.infer<typeof inspectRequestSchema>;
