import pkg from '../../package.json';

/** The product version, reported by identity, health and the `hello` frames. */
export const VERSION: string = pkg.version;
