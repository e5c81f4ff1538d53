import { NavLink } from 'react-router-dom';
import { Dropdown } from '../../../components/Dropdown';
import type { NavEntry } from '../nav-model';

export function NavEntries({ entries }: { entries: NavEntry[] }) {
  return (
    <>
      {entries.map((entry) => {
        if (entry.kind === 'link') {
          return (
            <NavLink key={entry.label} to={entry.to} className="nav-link">
              {entry.label}
            </NavLink>
          );
        }
        if (entry.kind === 'disabled') {
          return (
            <span key={entry.label} className="nav-link nav-link--disabled" aria-disabled="true" title={entry.reason}>
              {entry.label}
              <span className="visually-hidden"> ({entry.reason})</span>
            </span>
          );
        }
        return <Dropdown key={entry.label} label={entry.label} items={entry.items} />;
      })}
    </>
  );
}
