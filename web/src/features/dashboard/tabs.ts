// The public dashboard's tabs (spec §2): staff (users on an LGA's staff list) get an LGA tab with
// their council's public picture and a Personal tab with their work and their own things; residents
// get one page with no tabs. The selected tab lives in the URL (?tab=) so a reload keeps it.

export type DashboardTabId = 'lga' | 'personal';

export interface DashboardTab {
  id: DashboardTabId;
  label: string;
}

export const DASHBOARD_TABS: DashboardTab[] = [
  { id: 'lga', label: 'LGA' },
  { id: 'personal', label: 'Personal' },
];

/** Tabs only for staff; residents see every card on one page. */
export function dashboardTabs(hasLgaAssignment: boolean): DashboardTab[] {
  return hasLgaAssignment ? DASHBOARD_TABS : [];
}

/**
 * The tab the URL asks for, else Personal: staff open the dashboard for their work, which is
 * there. Null when there are no tabs.
 */
export function selectedDashboardTab(tabs: DashboardTab[], requested: string | null): DashboardTabId | null {
  if (tabs.length === 0) return null;
  return tabs.find((t) => t.id === requested)?.id ?? 'personal';
}

/** WAI-ARIA tabs keyboard: arrows move (wrapping), Home and End jump; null for any other key. */
export function tabIndexAfterKey(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
