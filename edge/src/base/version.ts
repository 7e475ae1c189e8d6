/** Reported in health and identity. Bump with package.json. */
export const EDGE_VERSION = '0.1.0';
export const API_VERSION = 'v1';
