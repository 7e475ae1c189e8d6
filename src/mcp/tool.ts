import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Agent } from '../connector/agents/agent';
import type { ConnectorServices } from '../connector/services';

/** An image for the model, as MCP image content wants it. */
export interface ToolImage {
  /** Base64, no data: prefix. */
  data: string;
  mimeType: string;
}

/** What a handler returns; the server adds the digest and turns it into MCP content. */
export interface ToolAnswer {
  text: string;
  image?: ToolImage;
  /** Seqs of entries the answer already shows, so the digest does not repeat them. */
  shown?: readonly number[];
  /**
   * fill and type_text: the browser said the field is not a secret one, so the action log may show
   * what was typed. Otherwise it shows only `[secret, N chars]`.
   */
  typedValueShown?: boolean;
}

export interface ToolContext {
  /** The connector's services as this agent sees them (its selected tab, the lease gate). */
  services: ConnectorServices;
  /** The MCP session's agent: its tabs scope capture answers. */
  agent?: Agent;
  /** Characters the answer may use (the digest has its own share). */
  budget: number;
  /** Reports progress of a long call (0..1) as MCP progress notifications, when the client asked for them. */
  progress?: (fraction: number, message: string) => void;
  /** Aborted when the client cancels the call. */
  signal?: AbortSignal;
}

/** One MCP tool as data: the registry lists it, the server validates and calls it, the docs describe it. */
export interface ToolDefinition<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  schema: S;
  handler(args: z.output<S>, context: ToolContext): ToolAnswer | Promise<ToolAnswer>;
  /** Set on an earlier name kept for old prompts and configs. */
  aliasOf?: string;
}

/** Keeps each definition's argument type while the registry holds them side by side. */
export function defineTool<S extends z.ZodObject>(definition: ToolDefinition<S>): ToolDefinition {
  return definition as unknown as ToolDefinition;
}

/** A failure the model can act on: the message says what to do next. */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}

/** An earlier tool name with the same behaviour, optionally with some arguments fixed. */
export function aliasOf<S extends z.ZodObject>(
  target: ToolDefinition,
  name: string,
  overrides: { schema?: S; fixed?: Record<string, unknown>; description?: string } = {},
): ToolDefinition {
  return {
    ...target,
    name,
    title: `${target.title} (earlier name)`,
    description: overrides.description ?? `Earlier name of ${target.name}, same behaviour. ${target.description}`,
    schema: (overrides.schema ?? target.schema) as z.ZodObject,
    handler: (args, context) => target.handler({ ...args, ...overrides.fixed }, context),
    aliasOf: target.name,
  };
}
