// The requests /early-reads.js (web/public) started before the app's code loaded: each is taken
// once, by the first read of the same thing, so the app starts from answers already on their way.

interface EarlyRequest {
  at: number;
  response: Promise<Response>;
}

interface EarlyReads {
  config?: EarlyRequest;
  mapFile?: EarlyRequest & { lgaCode: string };
}

// An older answer may predate changes the app would otherwise have seen.
const FRESH_MS = 20_000;

/** The early request under `name` when `matches` accepts it, once; undefined otherwise (or stale). */
export function takeEarlyRead<K extends keyof EarlyReads>(name: K, matches: (request: NonNullable<EarlyReads[K]>) => boolean = () => true): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = (window as Window & { __roadClosuresEarly?: EarlyReads }).__roadClosuresEarly;
  const request = early?.[name];
  if (!early || !request || !matches(request as NonNullable<EarlyReads[K]>)) return undefined;
  delete early[name];
  return Date.now() - request.at < FRESH_MS ? request.response : undefined;
}
