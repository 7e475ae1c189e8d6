import type { LeakGroup } from '../../shared/leaks';
import type { SourceMapper } from '../sourceMaps/sourceMapper';

const MAPPING_DEADLINE_MS = 10_000;

/** `src/App.tsx` from `http://localhost:5173/src/App.tsx`: the path a developer opens. */
function fileOf(url: string): string {
  try {
    const parsed = new URL(url);
    return decodeURIComponent(parsed.pathname).replace(/^\/+/, '') || url;
  } catch {
    return url;
  }
}

/**
 * Each group's location mapped through the script's source map (the page's own origin or loopback, as the
 * source mapper allows), within one deadline: a slow map server leaves a location unmapped, never the answer waiting.
 */
export async function mapLocations(
  leaks: LeakGroup[],
  sourceMaps: Pick<SourceMapper, 'mapFrame'>,
  pageUrl: string | undefined,
): Promise<LeakGroup[]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<undefined>((done) => (timer = setTimeout(() => done(undefined), MAPPING_DEADLINE_MS)));
  const mapped = await Promise.all(
    leaks.map(async (leak): Promise<LeakGroup> => {
      const location = leak.location;
      if (!location) return leak;
      const frame = { url: location.url, line: location.line, column: location.column };
      const result = await Promise.race([sourceMaps.mapFrame(frame, [], pageUrl).catch(() => undefined), deadline]);
      const original = result?.original;
      return {
        ...leak,
        location: original
          ? { url: location.url, file: fileOf(original.source), line: original.line, column: original.column }
          : { ...location, file: fileOf(location.url) },
      };
    }),
  );
  clearTimeout(timer);
  return mapped;
}
