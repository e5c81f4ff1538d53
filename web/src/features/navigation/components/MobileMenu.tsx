import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import type { DropdownItem } from '../../../components/Dropdown';
import type { NavEntry } from '../nav-model';

interface MobileMenuProps {
  primary: NavEntry[];
  groups: Array<{ title: string; items: DropdownItem[] }>;
}

function Item({ item }: { item: DropdownItem }) {
  if (item.kind === 'link') return <Link className="mobile-menu__item" to={item.to}>{item.label}</Link>;
  if (item.kind === 'action') return <button type="button" className="mobile-menu__item" onClick={item.onSelect}>{item.label}</button>;
  return (
    <span className="mobile-menu__item mobile-menu__item--disabled" aria-disabled="true">
      {item.label}
      <small>{item.reason}</small>
    </span>
  );
}

/** Below 768 px (or on a phone or tablet) the bar folds into one button and a full-width panel. */
export function MobileMenu({ primary, groups }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className={`menu-button__icon${open ? ' menu-button__icon--open' : ''}`} aria-hidden="true"><span /></span>
        Menu
      </button>
      {open && (
        <nav id={panelId} className="mobile-menu" aria-label="Main">
          <div className="mobile-menu__section">
            {primary.map((entry) => {
              if (entry.kind === 'link') return <NavLink key={entry.label} className="mobile-menu__item" to={entry.to}>{entry.label}</NavLink>;
              if (entry.kind === 'disabled') return <Item key={entry.label} item={{ kind: 'disabled', label: entry.label, reason: entry.reason }} />;
              return (
                <div key={entry.label} className="mobile-menu__group" role="group" aria-label={entry.label}>
                  <div className="mobile-menu__heading">{entry.label}</div>
                  {entry.items.map((item) => <Item key={item.label} item={item} />)}
                </div>
              );
            })}
          </div>
          {groups.map((group) => (
            <div key={group.title} className="mobile-menu__section" role="group" aria-label={group.title}>
              <div className="mobile-menu__heading">{group.title}</div>
              {group.items.map((item) => <Item key={item.label} item={item} />)}
            </div>
          ))}
        </nav>
      )}
    </>
  );
}
