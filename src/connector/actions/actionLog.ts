import { randomUUID } from 'node:crypto';
import type { AgentActionFrame } from '../../shared/wireFrames';

/** Records kept for late joiners (a dashboard opened later); older ones drop off. */
const KEPT = 500;
const TEXT_LIMIT = 500;

export type ActionRecord = Omit<AgentActionFrame, 'type' | 'id'>;

/**
 * What the assistant did in the browser, newest last: time, tool, target and outcome of every action
 * tool call. The WS hub streams each record to `/ws` so the developer sees it as it happens.
 */
export class ActionLog {
  private readonly records: AgentActionFrame[] = [];
  private readonly listeners = new Set<(record: AgentActionFrame) => void>();

  record(action: ActionRecord): AgentActionFrame {
    const frame: AgentActionFrame = {
      type: 'agent-action',
      id: randomUUID(),
      ...action,
      target: action.target.slice(0, TEXT_LIMIT),
      summary: action.summary.slice(0, TEXT_LIMIT),
    };
    this.records.push(frame);
    if (this.records.length > KEPT) this.records.splice(0, this.records.length - KEPT);
    for (const listener of this.listeners) listener(frame);
    return frame;
  }

  recent(): readonly AgentActionFrame[] {
    return this.records;
  }

  onRecord(listener: (record: AgentActionFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
