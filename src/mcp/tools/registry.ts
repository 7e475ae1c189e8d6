import type { ToolDefinition } from '../tool';
import { actionTools } from './actionTools';
import { agentTabTools } from './agentTabTools';
import { auditTools } from './auditTools';
import { consoleTools } from './consoleTools';
import { dataTools } from './dataTools';
import { evidenceTools } from './evidenceTools';
import { harTools } from './harTools';
import { networkMockTools } from './networkMockTools';
import { inspectionTools } from './inspectionTools';
import { networkTools } from './networkTools';
import { pageControlTools } from './pageControlTools';
import { pageTools } from './pageTools';
import { leakTools } from './leakTools';
import { performanceTools } from './performanceTools';
import { recordingTools } from './recordingTools';
import { screenshotTools } from './screenshotTools';
import { scriptTools } from './scriptTools';
import { websocketTools } from './websocketTools';

/** Every MCP tool, sorted by name: the server lists these and the README's tool reference is generated from them. */
export const TOOLS: readonly ToolDefinition[] = [
  ...actionTools,
  ...agentTabTools,
  ...auditTools,
  ...consoleTools,
  ...networkTools,
  ...networkMockTools,
  ...pageTools,
  ...pageControlTools,
  ...performanceTools,
  ...leakTools,
  ...scriptTools,
  ...screenshotTools,
  ...dataTools,
  ...recordingTools,
  ...evidenceTools,
  ...websocketTools,
  ...harTools,
  ...inspectionTools,
].sort((a, b) => a.name.localeCompare(b.name, 'en'));

export const TOOLS_BY_NAME: ReadonlyMap<string, ToolDefinition> = new Map(TOOLS.map((tool) => [tool.name, tool]));
