import { ROLE_LABELS, ROLES, type Role } from '../../auth/roles';
import { HelpPopover } from '../../help/components/HelpPopover';

/** One checkbox per staff role, in the canonical order. */
export function RoleCheckboxes({ legend, value, onChange, idPrefix, error }: {
  legend: string;
  value: string[];
  onChange(roles: Role[]): void;
  idPrefix: string;
  error?: string;
}) {
  const toggle = (role: Role, on: boolean) => onChange(ROLES.filter((r) => (r === role ? on : value.includes(r))));
  return (
    <fieldset className="role-checkboxes" aria-invalid={!!error}>
      <legend>
        {legend}
        <HelpPopover topic="Staff roles" page="lga-management">
          Account managers assign roles and answer access requests; closure administrators draw and reopen closures;
          submission moderators review incident reports; media and communications managers write social posts and embed the
          map; announcement managers set the unsealed-road status.
        </HelpPopover>
      </legend>
      {ROLES.map((role) => (
        <label key={role} className="check-row">
          <input type="checkbox" name={`${idPrefix}-${role}`} value={role} checked={value.includes(role)}
            onChange={(e) => toggle(role, e.target.checked)} />
          <span>{ROLE_LABELS[role]}</span>
        </label>
      ))}
      {error && <p className="form-error" role="alert">{error}</p>}
    </fieldset>
  );
}

export function RoleChips({ roles }: { roles: string[] }) {
  if (roles.length === 0) return <span className="muted">No roles</span>;
  return (
    <span className="role-chips">
      {roles.map((r) => <span key={r} className="role-chip">{ROLE_LABELS[r as Role] ?? r}</span>)}
    </span>
  );
}
