// "Your vehicle" in User settings: the gross vehicle mass of the vehicle the resident drives, so
// an LGA's unsealed-road restriction below it is spelt out in their notifications.
import { Alert, Button, TextField } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { updateProfile, type Profile } from '../../identity/api/identity';

export const VEHICLE_GVM_MESSAGE = 'Vehicle GVM must be between 0.5 and 100 tonnes';

export function VehicleSettings({ profile }: { profile: Profile }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(profile.vehicleGvm != null ? String(profile.vehicleGvm) : '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    const gvm = text === '' ? null : Number(text);
    if (gvm !== null && (!Number.isFinite(gvm) || gvm < 0.5 || gvm > 100)) return setError(VEHICLE_GVM_MESSAGE);
    setError(null);
    setSaving(true);
    try {
      const saved = await updateProfile({ vehicleGvm: gvm });
      queryClient.setQueryData(['myProfile'], saved);
      toast.show({ kind: 'success', message: gvm === null ? 'Your vehicle is removed.' : `Your vehicle (${gvm} t) is saved.` });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="settings-form panel" aria-label="Your vehicle" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2>Your vehicle</h2>
      {error && <Alert variation="error" role="alert">{error}</Alert>}
      <TextField
        label="Gross vehicle mass (tonnes)"
        name="vehicleGvm"
        type="number"
        inputMode="decimal"
        step="0.5"
        min="0.5"
        max="100"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        descriptiveText="When a council restricts unsealed roads to lighter vehicles, your notifications say if yours is over the limit. Leave empty to remove."
        isDisabled={profile.demo}
      />
      <div>
        <Button type="submit" isLoading={saving} loadingText="Saving…" isDisabled={profile.demo}>Save vehicle</Button>
      </div>
    </form>
  );
}
