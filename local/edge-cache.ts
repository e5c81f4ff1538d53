// What CloudFront does for the public map's per-LGA files in AWS, done by the local web server:
// a file read from the feeds bucket is kept in memory for its s-maxage (10 s), so a crowd on the
// public map costs the bucket one read per file every few seconds instead of one per visitor.

export interface CachedFile {
  body: Buffer;
  headers: Record<string, string>;
  etag?: string;
}

/** The shared-cache lifetime an object's Cache-Control gives (s-maxage, else max-age), in seconds. */
export function sharedMaxAge(cacheControl: string | undefined): number {
  const match = (cacheControl ?? '').match(/s-maxage=(\d+)/) ?? (cacheControl ?? '').match(/max-age=(\d+)/);
  return match ? Number(match[1]) : 0;
}

export class EdgeCache {
  private readonly files = new Map<string, { file: CachedFile; expires: number }>();

  constructor(private readonly maxEntries = 1000) {}

  get(key: string, now = Date.now()): CachedFile | undefined {
    const entry = this.files.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.files.delete(key);
      return undefined;
    }
    return entry.file;
  }

  set(key: string, file: CachedFile, ttlSeconds: number, now = Date.now()): void {
    if (ttlSeconds <= 0) return;
    if (this.files.size >= this.maxEntries) this.files.delete(this.files.keys().next().value!);
    this.files.set(key, { file, expires: now + ttlSeconds * 1000 });
  }
}
