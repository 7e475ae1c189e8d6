/**
 * Stands in for puppeteer in the leak worker's bundle. MemLab's Config reads `KnownDevices` from puppeteer
 * when it loads (for its own browser runs, which we never use): without the stub the worker would load all
 * of puppeteer (over a second) and the extension would have to ship it.
 */
export const KnownDevices = {};
