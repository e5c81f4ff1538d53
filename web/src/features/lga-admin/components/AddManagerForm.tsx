import { Button, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { isEmailAddress, normaliseEmail } from '../../auth/validation';
import type { Role } from '../../auth/roles';
import { RoleCheckboxes } from './RoleCheckboxes';

export function AddManagerForm({ onAdd }: { onAdd(email: string, roles: Role[]): Promise<boolean> }) {
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<Role[]>([]);
  const [errors, setErrors] = useState<{ email?: string; roles?: string }>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const address = normaliseEmail(email);
    const found: typeof errors = {};
    if (!isEmailAddress(address)) found.email = 'Enter a valid email address';
    if (roles.length === 0) found.roles = 'Choose at least one role';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    if (await onAdd(address, roles)) {
      setEmail('');
      setRoles([]);
    }
    setBusy(false);
  };

  return (
    <form className="panel panel-stack" aria-label="Add a user" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 style={{ margin: 0 }}>Add a user</h2>
      <p className="muted" style={{ margin: 0 }}>They are emailed and get the roles when they sign in (or sign up) with this address.</p>
      <TextField label="Email" name="manager-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)}
        hasError={!!errors.email} errorMessage={errors.email} />
      <RoleCheckboxes legend="Roles" idPrefix="add" value={roles} onChange={setRoles} error={errors.roles} />
      <div><Button type="submit" variation="primary" isLoading={busy} loadingText="Adding…">Add user</Button></div>
    </form>
  );
}
