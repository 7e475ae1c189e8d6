import type { D1Migration } from 'cloudflare:test';
import type { Env as EdgeEnv } from '../../src/base/env';

declare global {
  namespace Cloudflare {
    interface Env extends EdgeEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
