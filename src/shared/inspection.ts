import { z } from 'zod';

const line = z.number().int().nonnegative();
const text = (max: number) => z.string().max(max);

/** A place in a served file (1-based line and column), before source maps. */
export const rawPositionSchema = z.object({ url: text(4000), line, column: line });
export type RawPosition = z.infer<typeof rawPositionSchema>;

/** A place in the workspace's own source, after source maps (or the file a dev server names). */
export const sourcePositionSchema = z.object({
  /** As shown: relative to the app's folder when known (`src/App.css`), else the map's source. */
  source: text(4000),
  /** Absolute path on this machine, when known: for editors. */
  file: text(4000).optional(),
  line,
  column: line.optional(),
});
export type SourcePosition = z.infer<typeof sourcePositionSchema>;

/** Where a rule comes from: its stylesheet (served URL or dev-server file) and, when mapped, the original. */
export const ruleLocationSchema = z.object({
  /** The stylesheet's URL (empty for sheets made by script without one). */
  sheetUrl: text(4000),
  /** Vite's `data-vite-dev-id` of the `<style>` that holds the sheet: the file on disk. */
  devFile: text(4000).optional(),
  /** 1-based, in the stylesheet's text. */
  line,
  column: line,
  sourceMapUrl: z.string().optional(),
  /**
   * The sheet's id and how often its text changed in the page (`styleSheetId#n`), sent with a source map: one
   * revision of a sheet has one map, so the connector keeps the parsed map by it.
   */
  sheetRevision: text(200).optional(),
  original: sourcePositionSchema.optional(),
});
export type RuleLocation = z.infer<typeof ruleLocationSchema>;

export const declarationSchema = z.object({
  name: text(200),
  value: text(2000),
  important: z.boolean().optional(),
  status: z.enum(['winning', 'overridden', 'invalid']),
});
export type InspectedDeclaration = z.infer<typeof declarationSchema>;
export type DeclarationStatus = InspectedDeclaration['status'];

export const ruleSchema = z.object({
  /** The selector text, or `style attribute` for inline styles. */
  selector: text(2000),
  origin: z.enum(['inline', 'author', 'user-agent', 'other']),
  media: text(1000).optional(),
  location: ruleLocationSchema.optional(),
  declarations: z.array(declarationSchema).max(500),
});
export type InspectedRule = z.infer<typeof ruleSchema>;

export const componentFrameSchema = z.object({
  name: text(500),
  /** Where the component (or, for the element itself, its JSX) was written: raw, before maps. */
  raw: rawPositionSchema.optional(),
  /** A file a framework names directly (Vue `__file`, Svelte `__svelte_meta`), absolute or project-relative. */
  file: text(4000).optional(),
  fileLine: line.optional(),
  original: sourcePositionSchema.optional(),
});
export type ComponentFrame = z.infer<typeof componentFrameSchema>;

export const componentChainSchema = z.object({
  framework: z.enum(['react', 'vue', 'svelte', 'none']),
  /** What is not available and why (a production build, no framework found). */
  note: text(1000).optional(),
  /** Where the element itself was written (React's JSX, Svelte's markup). */
  element: componentFrameSchema.optional(),
  /** Nearest component first. */
  components: z.array(componentFrameSchema).max(50),
});
export type ComponentChain = z.infer<typeof componentChainSchema>;

const edgesSchema = z.object({ top: z.number(), right: z.number(), bottom: z.number(), left: z.number() });
export type BoxEdges = z.infer<typeof edgesSchema>;

export const elementBoxSchema = z.object({
  /** Border box in the viewport, CSS px. */
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  padding: edgesSchema,
  border: edgesSchema,
  margin: edgesSchema,
});
export type ElementBox = z.infer<typeof elementBoxSchema>;

/** What `inspect_element` and `POST /inspect-element` answer, and what a pick carries. */
export const elementInspectionSchema = z.object({
  tabId: z.number().int(),
  url: text(4000).optional(),
  tag: text(200),
  role: text(200).optional(),
  name: text(2000).optional(),
  selector: text(4000),
  /** How many elements the caller's selector matched (the first is inspected). */
  matches: z.number().int().optional(),
  /** The iframe (its URL) where a selector the top document did not match found the element. */
  frame: text(4000).optional(),
  /** The host (`tag#id`) of the open shadow root where a selector the top document did not match found it. */
  shadowHost: text(500).optional(),
  box: elementBoxSchema.optional(),
  visible: z.boolean(),
  hiddenReasons: z.array(text(500)).max(20),
  computed: z.record(z.string(), text(2000)),
  rules: z.array(ruleSchema).max(500),
  /** User-agent rules are counted, not listed. */
  userAgentRules: z.number().int(),
  components: componentChainSchema,
});
export type ElementInspection = z.infer<typeof elementInspectionSchema>;

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
