export interface NetworkMockOptions {
  /** Rules end after this long without a mock call or a mocked request. */
  idleMs: number;
}

/** The developer's attention span for a mock: 30 minutes (VS Code's browserDebug.networkMocks.idleMinutes). */
export const DEFAULT_MOCK_IDLE_MS = 30 * 60_000;
