// Spec §9 display formats, in the browser's local time.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY from unix seconds; an em dash when there is no date. */
export function formatDate(unix: number | null | undefined): string {
  if (unix == null) return '—';
  const d = new Date(unix * 1000);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** Table timestamps: "MMM D, h:mm A" (e.g. "Nov 21, 9:05 PM"). */
export function formatTableTimestamp(unix: number | null | undefined): string {
  if (unix == null) return '—';
  const d = new Date(unix * 1000);
  const hours = d.getHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${h12}:${pad(d.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Spec §9: metres under 1 km, otherwise kilometres with two decimals. */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toFixed(2)} km`;
}

/** The value a datetime-local input shows for unix seconds (local time, minute precision). */
export function toDatetimeLocal(unix: number | null | undefined): string {
  if (unix == null) return '';
  const d = new Date(unix * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Unix seconds from a datetime-local value read as local time; null when empty, NaN when invalid. */
export function fromDatetimeLocal(value: string): number | null {
  if (!value.trim()) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const date = new Date(y, mo - 1, d, h, mi, s || 0);
  if (date.getMonth() !== mo - 1 || date.getDate() !== d) return Number.NaN;
  return Math.floor(date.getTime() / 1000);
}

/** Length of a GeoJSON LineString in metres (haversine, spec §9 earth radius). */
export function lineLength(coordinates: Array<[number, number]>): number {
  const R = 6378137;
  const rad = Math.PI / 180;
  let total = 0;
  for (let i = 1; i < coordinates.length; i++) {
    const [lng1, lat1] = coordinates[i - 1];
    const [lng2, lat2] = coordinates[i];
    const dLat = (lat2 - lat1) * rad;
    const dLng = (lng2 - lng1) * rad;
    const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
    total += 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
  }
  return total;
}

/** Region geometry arrives as AWSJSON (a string) but a runtime may hand over the parsed object. */
export function regionLength(geometry: unknown): number {
  try {
    const parsed = typeof geometry === 'string' ? JSON.parse(geometry) : geometry;
    const coords = (parsed as { coordinates?: Array<[number, number]> })?.coordinates;
    return Array.isArray(coords) ? lineLength(coords) : 0;
  } catch {
    return 0;
  }
}
