import type { AuditPhase, AuditProgress } from '../../shared/audit';

/** Where each phase starts on the 0..1 bar; within a phase each status line moves a tenth of the way on. */
const PHASE_START: Record<AuditPhase, number> = {
  queued: 0,
  browser: 0.05,
  loading: 0.1,
  gathering: 0.3,
  auditing: 0.6,
  report: 0.92,
  done: 1,
};
const NEXT: Record<AuditPhase, number> = {
  queued: 0.05,
  browser: 0.1,
  loading: 0.3,
  gathering: 0.6,
  auditing: 0.92,
  report: 1,
  done: 1,
};

/** Lighthouse prints hundreds of status lines; a listener hears at most one per phase change or per 250 ms. */
const MIN_INTERVAL_MS = 250;

/** Turns phases and status lines into a steadily growing fraction, throttled for the listener. */
export class ProgressTracker {
  private fraction = 0;
  private phase: AuditPhase = 'queued';
  private lastSent = 0;

  constructor(private readonly listener: ((progress: AuditProgress) => void) | undefined) {}

  update(phase: AuditPhase, message: string): void {
    const changed = phase !== this.phase;
    if (PHASE_START[phase] < PHASE_START[this.phase]) phase = this.phase;
    this.phase = phase;
    const start = Math.max(this.fraction, PHASE_START[phase]);
    this.fraction = changed ? start : start + (NEXT[phase] - start) / 10;
    const now = Date.now();
    if (!changed && phase !== 'done' && now - this.lastSent < MIN_INTERVAL_MS) return;
    this.lastSent = now;
    this.listener?.({ phase, message, fraction: Math.min(1, Math.round(this.fraction * 1000) / 1000) });
  }
}
