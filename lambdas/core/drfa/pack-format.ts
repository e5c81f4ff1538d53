// How the claim pack writes times, conditions, activity and CSV cells (docs/drfa.md#the-claim-pack):
// every time in the council's time zone, as the evidence export in the browser writes them. Pure.

/** "27/11/2026, 09:15" in the council's zone; empty for no time. */
export const formatWhen = (seconds: number | null | undefined, timeZone: string) =>
  seconds == null
    ? ''
    : new Date(seconds * 1000).toLocaleString('en-AU', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

/** "27/11/2026" for a stored day (yyyy-mm-dd). */
export const formatDay = (day: string | null | undefined) => (day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '');

/** "Sydney time" for Australia/Sydney. */
export const zoneLabel = (timeZone: string) => `${(timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ')} time`;

const CONDITION_TEXT: Record<string, string> = { closed: 'Closed', changed: 'Changed conditions', opened: 'Reopened' };
export const conditionText = (condition: string) => CONDITION_TEXT[condition] ?? condition;

const ACTION_TEXT: Record<string, string> = {
  created: 'Recorded', updated: 'Updated', reopened: 'Reopened', deleted: 'Deleted', restored: 'Restored',
  region_deleted: 'Region removed', media_added: 'Photo added', media_removed: 'Photo removed', archived: 'Archived', started: 'Scheduled closure started',
};
export const actionText = (action: string) => ACTION_TEXT[action] ?? action;

const FIELD_TEXT: Record<string, string> = {
  type: 'type', reason: 'reason', detour: 'detour', condition: 'condition', scheduledFor: 'start', estimatedReopening: 'estimated reopening', regions: 'lines',
};

/** What an "Updated" entry changed: "condition closed → changed; reason was changed". */
export function changesText(payload: unknown, timeZone: string): string {
  if (!payload || typeof payload !== 'object') return '';
  const value = (key: string, v: unknown) =>
    v == null ? 'none' : key === 'scheduledFor' || key === 'estimatedReopening' ? formatWhen(Number(v), timeZone) : key === 'condition' ? conditionText(String(v)).toLowerCase() : String(v);
  return Object.entries(payload as Record<string, { from?: unknown; to?: unknown } | undefined>)
    .filter(([key]) => key in FIELD_TEXT)
    .map(([key, change]) => {
      if (key === 'regions') return `lines ${change?.from ?? '?'} → ${change?.to ?? '?'}`;
      if (key === 'reason' || key === 'detour') return `${FIELD_TEXT[key]} "${String(change?.from ?? '')}" → "${String(change?.to ?? '')}"`;
      return `${FIELD_TEXT[key]} ${value(key, change?.from)} → ${value(key, change?.to)}`;
    })
    .join('; ');
}

export const hoursOf = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** A CSV cell: text quoted, a leading = + - @ neutralised so spreadsheets never run it; numbers as they are. */
export function csvCell(value: string | number | null | undefined): string {
  if (value == null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Helvetica (WinAnsi) cannot draw every character; anything it cannot is replaced. */
export const printable = (text: string) =>
  text.replace(/[\u2013\u2014]/g, '-').replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\u2192/g, '->').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
