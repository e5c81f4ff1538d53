// Two officers editing one closure: a save based on an older version is refused, and the
// message says who changed it and when, in the council's own time zone (spec's table format).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The state or territory of an ABS LGA code (its first digit), as an IANA time zone. */
const ZONES: Record<string, string> = {
  '1': 'Australia/Sydney',
  '2': 'Australia/Melbourne',
  '3': 'Australia/Brisbane',
  '4': 'Australia/Adelaide',
  '5': 'Australia/Perth',
  '6': 'Australia/Hobart',
  '7': 'Australia/Darwin',
  '8': 'Australia/Sydney',
};

export const timeZoneOfLga = (lgaCode: string) => ZONES[lgaCode[0] ?? ''] ?? 'Australia/Sydney';

/** "MMM D, h:mm A" in the LGA's time zone, e.g. "Nov 25, 3:58 PM". */
export function formatChangeTime(unixSeconds: number, lgaCode: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone: timeZoneOfLga(lgaCode),
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(unixSeconds * 1000))
      .map((p) => [p.type, p.value]),
  );
  return `${MONTHS[Number(parts.month) - 1]} ${parts.day}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}

export function staleSaveMessage(changedBy: string, changedAt: number, lgaCode: string): string {
  return `This closure was changed by ${changedBy} at ${formatChangeTime(changedAt, lgaCode)}. Reload to see the changes.`;
}
