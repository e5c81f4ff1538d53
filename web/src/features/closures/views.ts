import type { ClosureCounts, ClosureViewEnum } from './api/closures';

export interface ViewInfo {
  slug: string;
  view: ClosureViewEnum;
  label: string;
  countKey: keyof ClosureCounts;
  empty: string;
}

/** Spec §2 /closures children, in the order the tabs show them; active is the default. */
export const CLOSURE_VIEWS: ViewInfo[] = [
  { slug: 'active', view: 'ACTIVE', label: 'Active', countKey: 'active', empty: 'No active closures. Draw one on the staff map.' },
  { slug: 'archived', view: 'ARCHIVED', label: 'Archived', countKey: 'archived', empty: 'No archived closures yet. Reopened closures are archived after 24 hours.' },
  { slug: 'scheduled', view: 'SCHEDULED', label: 'Scheduled', countKey: 'scheduled', empty: 'No closures are scheduled to start later.' },
  { slug: 'deleted', view: 'DELETED', label: 'Deleted', countKey: 'deleted', empty: 'No deleted closures.' },
  { slug: 'recently-opened', view: 'RECENTLY_OPENED', label: 'Recently opened', countKey: 'recentlyOpened', empty: 'No closures were reopened in the last 24 hours.' },
  { slug: 'reopening-scheduled', view: 'REOPENING_SCHEDULED', label: 'Reopening scheduled', countKey: 'reopeningScheduled', empty: 'No active closures have an estimated reopening ahead.' },
  { slug: 'reopening-overdue', view: 'REOPENING_OVERDUE', label: 'Reopening overdue', countKey: 'reopeningOverdue', empty: 'Nothing is overdue: no closure has passed its estimated reopening.' },
  { slug: 'stale', view: 'STALE', label: 'Stale', countKey: 'stale', empty: 'No stale closures: every active closure was updated in the last 7 days.' },
];

export const viewBySlug = (slug: string) => CLOSURE_VIEWS.find((v) => v.slug === slug);
export const slugOfView = (view: ClosureViewEnum) => CLOSURE_VIEWS.find((v) => v.view === view)?.slug ?? 'active';

/** Closure types of the API (docs/api.md): the colour and label the lists use. */
export const CLOSURE_TYPE_STYLE: Record<string, { colour: string; text: string }> = {
  flood: { colour: '#1565c0', text: 'Flooding' },
  roadworks: { colour: '#ef6c00', text: 'Roadworks' },
  crash: { colour: '#c62828', text: 'Crash' },
  hazard: { colour: '#f9a825', text: 'Hazard' },
  fire: { colour: '#d84315', text: 'Fire' },
  storm: { colour: '#6a1b9a', text: 'Storm damage' },
  event: { colour: '#2e7d32', text: 'Event' },
  other: { colour: '#546e7a', text: 'Other' },
};

export const typeStyle = (value: string) => CLOSURE_TYPE_STYLE[value] ?? CLOSURE_TYPE_STYLE.other;

export const CONDITION_TEXT: Record<string, string> = { closed: 'Closed', changed: 'Changed conditions', opened: 'Opened' };
