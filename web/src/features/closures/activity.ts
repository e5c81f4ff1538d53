import type { ClosureActivity } from './api/closures';
import { formatTableTimestamp } from './format';

const ACTIONS: Record<string, string> = {
  created: 'created the closure',
  updated: 'updated the closure',
  reopened: 'reopened the road',
  deleted: 'deleted the closure',
  restored: 'restored the closure',
  region_deleted: 'removed a region',
  media_added: 'added a photo',
  media_removed: 'removed a photo',
  started: 'started (the scheduled time arrived)',
  archived: 'archived the closure',
};

export const activityText = (action: string) => ACTIONS[action] ?? action.replace(/_/g, ' ');

export const activityWho = (a: ClosureActivity) => a.user.displayName || a.user.email || (a.user.uid === 'system' ? 'The system' : a.user.uid);

const TIME_KEY = /(At|For|Reopening|timestamp)$/;

/** "estimatedReopening" → "estimated reopening" */
const label = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();

function short(value: unknown, key = ''): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && TIME_KEY.test(key) && value > 1e9) return formatTableTimestamp(value);
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 77)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  return '{…}';
}

/** A one-line-per-key summary of an activity's payload (AWSJSON string or object). */
export function payloadSummary(payload: unknown): Array<[string, string]> {
  if (payload == null) return [];
  let parsed: unknown = payload;
  if (typeof payload === 'string') {
    try {
      parsed = JSON.parse(payload);
    } catch {
      return [['', short(payload)]];
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [['', short(parsed)]];
  return Object.entries(parsed as Record<string, unknown>).slice(0, 8).map(([k, v]) => {
    // Changes are stored as {field: {from, to}}; show them as "from → to".
    if (v && typeof v === 'object' && !Array.isArray(v) && ('from' in v || 'to' in v)) {
      const change = v as { from?: unknown; to?: unknown };
      return [label(k), `${short(change.from, k)} → ${short(change.to, k)}`];
    }
    return [label(k), short(v, k)];
  });
}
