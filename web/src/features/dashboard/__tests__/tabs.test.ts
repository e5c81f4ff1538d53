import { describe, expect, it } from 'vitest';
import { DASHBOARD_TABS, dashboardTabs, selectedDashboardTab, tabIndexAfterKey } from '../tabs';

describe('dashboardTabs', () => {
  it('gives staff the LGA and Personal tabs, in that order, and residents none', () => {
    expect(dashboardTabs(true).map((t) => t.label)).toEqual(['LGA', 'Personal']);
    expect(dashboardTabs(false)).toEqual([]);
  });
});

describe('selectedDashboardTab', () => {
  it('keeps the tab the URL names, and opens Personal for anything else', () => {
    expect(selectedDashboardTab(DASHBOARD_TABS, 'lga')).toBe('lga');
    expect(selectedDashboardTab(DASHBOARD_TABS, 'personal')).toBe('personal');
    expect(selectedDashboardTab(DASHBOARD_TABS, null)).toBe('personal');
    expect(selectedDashboardTab(DASHBOARD_TABS, 'admin')).toBe('personal');
  });
  it('selects nothing without tabs, whatever the URL says', () => {
    expect(selectedDashboardTab([], 'lga')).toBeNull();
  });
});

describe('tabIndexAfterKey', () => {
  it('moves with the arrows, wrapping at both ends, and jumps with Home and End', () => {
    expect(tabIndexAfterKey('ArrowRight', 0, 2)).toBe(1);
    expect(tabIndexAfterKey('ArrowRight', 1, 2)).toBe(0);
    expect(tabIndexAfterKey('ArrowLeft', 0, 2)).toBe(1);
    expect(tabIndexAfterKey('Home', 1, 2)).toBe(0);
    expect(tabIndexAfterKey('End', 0, 2)).toBe(1);
  });
  it('ignores other keys and an empty tab list', () => {
    expect(tabIndexAfterKey('Enter', 0, 2)).toBeNull();
    expect(tabIndexAfterKey('ArrowDown', 0, 2)).toBeNull();
    expect(tabIndexAfterKey('ArrowRight', 0, 0)).toBeNull();
  });
});
