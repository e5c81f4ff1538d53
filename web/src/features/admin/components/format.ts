/** Unix seconds as the admin screens show them: "25 Nov 2026, 3:41 pm" in the viewer's time zone. */
export function formatTime(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export function formatBytes(bytes: number | null): string {
  if (bytes == null) return '–';
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
