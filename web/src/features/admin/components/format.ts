// The admin screens use the spec's formats like every other screen: tables "MMM D, h:mm A",
// running text "lll" (with the year, as admin records span years).
import { formatTableTimestamp } from '../../closures/format';

export { formatTableTimestamp as formatTime };

/** The spec's "lll" for a time in running text: "Nov 21, 2026 9:05 PM". */
export function formatLongTimestamp(unix: number | null | undefined): string {
  if (unix == null) return '—';
  const d = new Date(unix * 1000);
  const [month, rest] = formatTableTimestamp(unix).split(', ');
  return `${month}, ${d.getFullYear()} ${rest}`;
}

export function formatBytes(bytes: number | null): string {
  if (bytes == null) return '–';
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
