import { NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../../auth/auth-provider';

/** Tabs between the communications screens, keeping the chosen council (?lga=). */
export function CommsNav() {
  const { search } = useLocation();
  const { access } = useAuth();
  const tabs: Array<[string, string, boolean]> = [
    ['/comms/tasks', 'Social content tasks', access.isAdmin || access.lgaCodesWithRole('media_comms_manager').length > 0],
    ['/comms/integration', 'Website integration', access.isAdmin || access.lgaCodesWithRole('media_comms_manager').length > 0],
    ['/comms/evidence', 'DRFA evidence export', true],
  ];
  return (
    <nav className="tabs" aria-label="Communications">
      {tabs.filter(([, , shown]) => shown).map(([to, label]) => (
        <NavLink key={to} to={`${to}${search}`} end={to !== '/comms/tasks'} className={({ isActive }) => `tab${isActive ? ' active' : ''}`}>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
