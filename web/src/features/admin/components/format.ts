// The admin screens use the spec's formats like every other screen: tables "MMM D, h:mm A",
// running text "lll" (with the year, as admin records span years).
export { formatTableTimestamp as formatTime, formatLongTimestamp } from '../../closures/format';

export function formatBytes(bytes: number | null): string {
  if (bytes == null) return '–';
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
