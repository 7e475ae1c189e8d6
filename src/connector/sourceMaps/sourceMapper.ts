import { LRUCache } from 'lru-cache';
import { fileURLToPath } from 'node:url';
import type { StackFrame } from '../../shared/protocol';
import type { MappedFrame, OriginalPosition } from '../../shared/stackFrames';
import { silentLogger, type Logger } from '../logging/logger';
import { scopeOfPage, type FetchScope, type Resolver } from '../trust/fetchTargets';
import { readRootedFile, type FileRootsSource } from '../trust/fileRoots';
import { decodeDataUrl, evalModuleMap, isEvalModuleUrl, scriptSources } from './evalMaps';
import { getText } from './httpText';

/** Loaded on first use: most stacks are never opened in full. */
const loadLibrary = () => import('@jridgewell/trace-mapping');
type TraceMapping = Awaited<ReturnType<typeof loadLibrary>>;
type TraceMap = InstanceType<TraceMapping['TraceMap']>;

export type { MappedFrame, OriginalPosition };

export interface SourceMapperOptions {
  /** Per fetch of a script or map. */
  timeoutMs?: number;
  /** Largest script or map read. */
  maxBytes?: number;
  /** Scripts whose maps (or their absence) stay cached, and stylesheets' maps (keptMap) with them. */
  maxScripts?: number;
  /** Dev servers rebuild: a cached map is trusted this long. */
  ttlMs?: number;
  logger?: Logger;
  /** Folders whose `file:` scripts and maps may be read (trust/fileRoots); none by default. A `file:` page adds none. */
  fileRoots?: FileRootsSource;
  /** Stands in for DNS (tests): page scopes and every fetch's address check use it. */
  resolver?: Resolver;
}

const MAP_HEADERS = ['sourcemap', 'x-sourcemap'];
/** How long a failed fetch is remembered. */
const FAILURE_TTL_MS = 3000;

/**
 * Maps stack frames of bundled or transpiled scripts back to their sources. A script's map is found
 * from its `sourceMappingURL` comment (an http(s) or data: URL, or for file: scripts a `.map` on disk),
 * a `SourceMap` header, or `<script>.map`. Maps are cached per script, and a missing map is cached too
 * so an unmappable stack costs one fetch. The mapping library loads on first use.
 * What may be fetched follows the page the frame came from (trust/fetchTargets): its addresses' kinds,
 * checked after DNS on every fetch, and its origin; without a page, loopback only.
 */
export class SourceMapper {
  /** Scripts' maps (and stylesheets', keptMap): least recently used go first past maxScripts; mapFor's expire. */
  private readonly cache: LRUCache<string, Promise<TraceMap | undefined>>;
  private readonly bundles: LRUCache<string, Promise<string>>;
  private library: Promise<TraceMapping> | undefined;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxScripts: number;
  private readonly ttlMs: number;
  private readonly logger: Logger;
  private readonly fileRoots: FileRootsSource;
  private readonly scopes = new LRUCache<string, Promise<FetchScope>>({ max: 16, ttl: FAILURE_TTL_MS });
  readonly resolver: Resolver | undefined;

  constructor(options: SourceMapperOptions = {}) {
    // A dev server's first transform of a module can take seconds on a busy machine; lists never wait this long.
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxScripts = options.maxScripts ?? 64;
    this.ttlMs = options.ttlMs ?? 30_000;
    this.logger = options.logger ?? silentLogger;
    this.fileRoots = options.fileRoots ?? (() => []);
    this.resolver = options.resolver;
    this.cache = new LRUCache({ max: this.maxScripts });
    // ttl 0 means "always read again" here, and "never expires" to lru-cache: 1 ms is the former.
    this.bundles = new LRUCache({ max: 8, ttl: Math.max(1, this.ttlMs) });
  }

  /**
   * Every frame, with `original` where a map was reachable. Never throws. `bundles` are scripts that
   * may eval the frames' modules (webpack eval devtools), e.g. the other scripts of the same stack.
   */
  mapFrames(frames: readonly StackFrame[], bundles: readonly string[] = [], pageUrl?: string): Promise<MappedFrame[]> {
    return Promise.all(frames.map((frame) => this.mapFrame(frame, bundles, pageUrl)));
  }

  /**
   * `pageUrl`, when known, is the page the frame came from, as the browser reported it: an http(s) page's
   * frames are fetched only from its own origin or loopback (a sourceURL cannot aim the connector at another
   * host), and only from addresses of the kinds its own host resolves to (trust/fetchTargets). A `file:`
   * page adds no file root: `file:` scripts are read only under the configured roots.
   */
  async mapFrame(frame: StackFrame, bundles: readonly string[] = [], pageUrl?: string): Promise<MappedFrame> {
    if (!scriptAllowedFor(frame.url, pageUrl)) return { ...frame };
    const map = await this.mapFor(frame.url, bundles, await this.scopeFor(pageUrl));
    if (!map || frame.line < 1) return { ...frame };
    const { originalPositionFor, sourceContentFor } = await this.load();
    const position = originalPositionFor(map, { line: frame.line, column: Math.max(0, frame.column - 1) });
    if (position.source === null) return { ...frame };
    const code = sourceContentFor(map, position.source)?.split('\n')[position.line - 1];
    const original: OriginalPosition = { source: position.source, line: position.line, column: position.column + 1 };
    if (position.name) original.name = position.name;
    if (code !== undefined) original.code = code;
    return { ...frame, original };
  }

  /** The `<script src>` URLs of a page, for frames of eval'd modules whose stack names no bundle. */
  async pageScripts(pageUrl: string): Promise<string[]> {
    try {
      const page = new URL(pageUrl);
      if (page.protocol !== 'http:' && page.protocol !== 'https:') return [];
      return scriptSources(await this.bundleText(page.href, await this.scopeFor(page.href)), page.href);
    } catch {
      return [];
    }
  }

  /**
   * A map another reader finds (a stylesheet's, inspection/sheetMaps), kept in the scripts' cache under `key`,
   * which must name one revision of what it maps: it stays until pushed out, and a failed or empty read is not
   * kept. Without a key the map is read every time.
   */
  keptMap(
    key: string | undefined,
    read: () => Promise<{ json: string; base?: string } | undefined>,
  ): Promise<TraceMap | undefined> {
    const load = async () => {
      const found = await read();
      if (!found) return undefined;
      const { AnyMap } = await this.load();
      return new AnyMap(JSON.parse(found.json), found.base);
    };
    if (key === undefined) return load();
    // Script URLs hold no line break: these keys never meet theirs.
    const cacheKey = `\n${key}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const map = load();
    this.cache.set(cacheKey, map);
    const forget = () => this.cache.peek(cacheKey) === map && this.cache.delete(cacheKey);
    map.then((found) => found ?? forget(), forget);
    return map;
  }

  /**
   * The addresses a page's fetches may reach (trust/fetchTargets), kept briefly per page origin: the frames
   * of one stack share one lookup.
   */
  scopeFor(pageUrl: string | undefined): Promise<FetchScope> {
    let origin = '';
    try {
      if (pageUrl) origin = new URL(pageUrl).origin;
    } catch {
      // no page
    }
    const cached = this.scopes.get(origin);
    if (cached) return cached;
    const scope = scopeOfPage(origin && origin !== 'null' ? pageUrl : undefined, this.resolver);
    this.scopes.set(origin, scope);
    return scope;
  }

  private mapFor(scriptUrl: string, bundles: readonly string[], scope: FetchScope): Promise<TraceMap | undefined> {
    // A map read for one page's scope is not handed to a page with a narrower one.
    const key = `${[...scope].sort().join(',')} ${scriptUrl}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const map = (
      isEvalModuleUrl(scriptUrl) ? this.findEvalMap(scriptUrl, bundles, scope) : this.find(scriptUrl, scope)
    ).catch((error: Error) => {
      this.logger.debug(`No source map for ${scriptUrl}: ${error.message}`);
      // A failed fetch (a timeout, a server still starting) is kept only briefly.
      if (this.cache.peek(key) === map) this.cache.set(key, map, { ttl: Math.min(this.ttlMs, FAILURE_TTL_MS) || 1 });
      return undefined;
    });
    this.cache.set(key, map, { ttl: Math.max(1, this.ttlMs) });
    return map;
  }

  private async find(scriptUrl: string, scope: FetchScope): Promise<TraceMap | undefined> {
    const script = new URL(scriptUrl);
    if (script.protocol !== 'http:' && script.protocol !== 'https:' && script.protocol !== 'file:') return undefined;
    const { text, mapHeader } = await this.read(script, scope);
    const pointer = lastMappingComment(text) ?? mapHeader;
    const mapUrl = pointer ? new URL(pointer, script) : mapBeside(script);
    if (!allowedMapUrl(mapUrl, script)) return undefined;
    const json = mapUrl.protocol === 'data:' ? decodeDataUrl(mapUrl.href) : (await this.read(mapUrl, scope)).text;
    const { AnyMap } = await this.load();
    // Sources of an inline map resolve against the script itself.
    return new AnyMap(JSON.parse(json), mapUrl.protocol === 'data:' ? script.href : mapUrl.href);
  }

  /** The inline map of an eval'd module, from the first of the bundles that evals it. */
  private async findEvalMap(
    moduleUrl: string,
    bundles: readonly string[],
    scope: FetchScope,
  ): Promise<TraceMap | undefined> {
    let failure: unknown;
    for (const bundle of bundles) {
      const text = await this.bundleText(bundle, scope).catch((error: unknown) => void (failure = error));
      const json = text === undefined ? undefined : evalModuleMap(text, moduleUrl);
      if (json === undefined) continue;
      const { AnyMap } = await this.load();
      return new AnyMap(JSON.parse(json), moduleUrl);
    }
    // A bundle that could not be read may hold the map: fail, so the miss is remembered only briefly.
    if (failure !== undefined) throw failure;
    return undefined;
  }

  /** A bundle's text, kept briefly: one bundle evals many modules. */
  private bundleText(url: string, scope: FetchScope): Promise<string> {
    const key = `${[...scope].sort().join(',')} ${url}`;
    const cached = this.bundles.get(key);
    if (cached) return cached;
    // A failed read is not kept: the dev server may still be starting, and mapFor's short failure TTL applies.
    const text = this.read(new URL(url), scope).then((result) => result.text);
    text.catch(() => this.bundles.peek(key) === text && this.bundles.delete(key));
    this.bundles.set(key, text);
    return text;
  }

  /**
   * A script or map over HTTP (addresses within `scope`), or from disk under the configured file roots for
   * file: URLs, within the size and time caps.
   */
  private async read(url: URL, scope: FetchScope): Promise<{ text: string; mapHeader?: string }> {
    if (url.protocol === 'file:') {
      const caps = { maxBytes: this.maxBytes, timeoutMs: this.timeoutMs };
      return { text: await readRootedFile(fileURLToPath(url), this.fileRoots(), caps) };
    }
    // Redirects stay on the URL's own origin: a page cannot walk the connector to another host.
    const { text, headers } = await getText(url, this.timeoutMs, this.maxBytes, {
      sameOrigin: true,
      scope,
      resolver: this.resolver,
    });
    const mapHeader = MAP_HEADERS.map((name) => headers[name]).find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    return { text, mapHeader };
  }

  private load(): Promise<TraceMapping> {
    this.library ??= loadLibrary();
    return this.library;
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A frame of an http(s) page is fetched only from the page's origin or a loopback host. Without an http(s)
 * page the address check (loopback only) decides.
 */
function scriptAllowedFor(scriptUrl: string, pageUrl: string | undefined): boolean {
  if (!pageUrl || !/^https?:/.test(pageUrl) || !/^https?:/.test(scriptUrl)) return true;
  try {
    const script = new URL(scriptUrl);
    return (
      script.origin === new URL(pageUrl).origin ||
      LOOPBACK_HOSTS.has(script.hostname) ||
      script.hostname.endsWith('.localhost')
    );
  } catch {
    return false;
  }
}

/** The `//# sourceMappingURL=` comment, only when it ends the file (a later mention is not a pointer). */
function lastMappingComment(text: string): string | undefined {
  const at = text.lastIndexOf('sourceMappingURL=');
  if (at < 3 || !/\/\/[#@]\s*$/.test(text.slice(Math.max(0, at - 8), at))) return undefined;
  return /^sourceMappingURL=(\S+)\s*$/.exec(text.slice(at))?.[1];
}

function mapBeside(script: URL): URL {
  const url = new URL(script.href);
  url.pathname += '.map';
  return url;
}

/**
 * A map comes from the script's own origin or a data: URL; a file: script's only from a `.map` file (read
 * under the file roots). A page naming a map on another host cannot make the connector probe it.
 */
function allowedMapUrl(mapUrl: URL, script: URL): boolean {
  if (mapUrl.protocol === 'data:') return true;
  if (script.protocol === 'file:') return mapUrl.protocol === 'file:' && mapUrl.pathname.endsWith('.map');
  return (mapUrl.protocol === 'http:' || mapUrl.protocol === 'https:') && mapUrl.origin === script.origin;
}
