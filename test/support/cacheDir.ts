import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The one folder, outside the clone, where heavy test and bench installs are cached (code-server, dev-server
 * apps, peers). BROWSER_DEBUG_CACHE points it elsewhere, e.g. at an empty folder to prove a cold set-up.
 */
export const CACHE_DIR =
  process.env.BROWSER_DEBUG_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'browser-debug');
