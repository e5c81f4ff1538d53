// What every feed builder is given, and the time formats the feeds share.

export interface FeedContext {
  /** An LGA code or "all". */
  scope: string;
  /** Council name for the publisher fields ("Forbes Shire Council"), or the platform's name. */
  publisher: string;
  siteUrl: string;
  now: number;
}

/** RFC 3339 UTC to the second (WZDx, GeoJSON): 2026-11-25T03:00:00Z. */
export const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** CIFS asks for ISO 8601 to the second with a zone offset: 2026-11-25T03:00:00+00:00. */
export const cifsTime = (seconds: number) => iso(seconds).replace(/Z$/, '+00:00');
