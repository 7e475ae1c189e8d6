import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// The same migration files `wrangler d1 migrations apply` runs; already-applied ones are skipped.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
