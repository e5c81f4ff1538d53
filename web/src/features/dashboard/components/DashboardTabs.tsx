// The dashboard's tab strip (WAI-ARIA tabs pattern): a tablist of buttons with aria-selected, a
// roving tabindex, arrow keys with automatic activation, Home and End, each tab controlling its
// panel. Only the selected panel is rendered; the others exist as hidden, empty panels.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabIndexAfterKey, type DashboardTab, type DashboardTabId } from '../tabs';

export function DashboardTabs({ tabs, selected, onSelect, panels }: {
  tabs: DashboardTab[];
  selected: DashboardTabId;
  onSelect(id: DashboardTabId): void;
  panels: Record<DashboardTabId, ReactNode>;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((t) => t.id === selected);
    const next = tabIndexAfterKey(event.key, current, tabs.length);
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next].id);
    buttons.current[next]?.focus();
  };
  return (
    <>
      <div className="dashboard-tabs" role="tablist" aria-label="Dashboard" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => { buttons.current[i] = el; }}
            type="button"
            role="tab"
            id={`dashboard-tab-${tab.id}`}
            aria-controls={`dashboard-panel-${tab.id}`}
            aria-selected={tab.id === selected}
            tabIndex={tab.id === selected ? 0 : -1}
            className="dashboard-tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`dashboard-panel-${tab.id}`}
          aria-labelledby={`dashboard-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="dashboard-panel"
        >
          {tab.id === selected ? panels[tab.id] : null}
        </div>
      ))}
    </>
  );
}
