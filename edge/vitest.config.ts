import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `workers` runs inside workerd (D1, Durable Objects, queues, all local) through
 * the Cloudflare pool; `node` drives `wrangler dev --local` over loopback like a real client.
 */
/**
 * ../src/shared imports zod: this package's copy, as in the wrangler bundle (wrangler.toml [alias]) and the
 * type check (tsconfig paths), so `npm ci` here is enough, without the root install.
 */
const zodAlias = { find: /^zod$/, replacement: fileURLToPath(new URL('node_modules/zod/index.js', import.meta.url)) };

export default defineConfig(async () => {
  const migrations = await readD1Migrations('migrations');
  return {
    test: {
      reporters: ['default', './test/support/tallyReporter.ts'],
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: { JWT_SECRET: 'test-secret-that-is-long-enough-0123456789', TEST_MIGRATIONS: migrations },
              },
            }),
          ],
          resolve: { alias: [zodAlias] },
          test: {
            name: 'workers',
            include: ['test/workers/**/*.test.ts'],
            setupFiles: ['./test/workers/setup.ts'],
            testTimeout: 30_000,
          },
        },
        {
          resolve: { alias: [zodAlias] },
          // One file at a time: each starts its own wrangler dev, and the load test wants both cores.
          test: {
            name: 'node',
            include: ['test/node/**/*.test.ts'],
            environment: 'node',
            testTimeout: 120_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
