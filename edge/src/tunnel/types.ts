import type { Capture } from '../data/captureRow';

/** A capture as clients receive it: the event plus its id, seq and session. */
export type StoredCapture = Capture & { id: string; seq: number; sessionId: string };
