import type { ActionLog } from './actions/actionLog';
import type { SelectedTab } from './actions/selectedTab';
import type { AgentBook } from './agents/agentBook';
import type { AuditService } from './audit/auditService';
import type { CoreServices } from './coreServices';
import type { EvidenceService } from './evidence/evidenceService';
import type { LeakService } from './leaks/leakService';
import type { NetworkMockService } from './networkMocks/networkMockService';
import type { PerformanceService } from './performance/traceService';
import type { WebVitalsBook } from './performance/webVitals';
import type { RecordingService } from './recordings/recordingService';
import type { PairingBook } from './trust/pairingBook';
import type { HybridMode } from './remote/hybridMode';
import type { EntryLocator } from './sourceMaps/entryLocator';
import type { SourceMapper } from './sourceMaps/sourceMapper';

/** What the HTTP routes, the WS hub and the MCP tools share. Built once per connector. */
export interface ConnectorServices extends CoreServices {
  /** Lighthouse audits, one at a time. VS Code registers its launched browser with `audits.useBrowser`. */
  audits: AuditService;
  /** Performance traces of the developer's tab, analysed with DevTools' trace engine. */
  performance: PerformanceService;
  /** Web Vitals per page load, as the pages measured them. */
  webVitals: WebVitalsBook;
  /** Maps captured stack frames back to the page's sources. */
  sourceMaps: SourceMapper;
  /** Each entry's location mapped once, original first; lists, details and the HTTP API read it. */
  locator: EntryLocator;
  /** Recordings of the developer's input, their files and replays. */
  recordings: RecordingService;
  /** Each replay's run (timeline, video) and the fail→pass receipt. */
  evidence: EvidenceService;
  /** Leak checks of recordings: the replay loop, heap snapshots and their analysis. */
  leaks: LeakService;
  /** Hybrid mode: forwarding to an edge deployment, when a remote URL is set. */
  remote: HybridMode;
  /** Every action the assistant took in the browser, streamed to `/ws`. */
  actionLog: ActionLog;
  /** Network mock rules in the developer's tabs (Fetch domain), ended when idle or when the connector stops. */
  networkMocks: NetworkMockService;
  /** The tab `select_tab` picked for actions and snapshots; an MCP session sees its agent's own (agents/agentSession). */
  selectedTab: SelectedTab;
  /** Paired browsers, pairing codes and the challenge that proves both ends. */
  pairings: PairingBook;
  /** The MCP sessions as agents, and which tabs each holds. */
  agents: AgentBook;
  startedAt: number;
  port(): number;
  /** Open WebSocket connections, browsers and clients. */
  connections(): number;
  /** Inbound frames rejected since start. */
  invalidFrames(): number;
}
