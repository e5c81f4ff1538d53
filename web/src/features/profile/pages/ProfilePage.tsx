import { Alert, Button, TextField } from '@aws-amplify/ui-react';
import { VehicleSettings } from '../components/VehicleSettings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../auth/auth-provider';
import { lgasQuery, reverseGeocode, updateProfile, type Profile } from '../../identity/api/identity';
import { DeleteAccount } from '../components/DeleteAccount';
import { LgaPicker } from '../components/LgaPicker';
import { SettingsLayout } from '../components/SettingsLayout';
import { useLocateLga } from '../hooks';
import { profileInputFrom, validateProfile, type ProfileErrors, type ProfileFields } from '../validation';

function ProfileForm({ profile }: { profile: Profile }) {
  const toast = useToast();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const lgas = useQuery(lgasQuery);
  const [fields, setFields] = useState<ProfileFields>({
    displayName: profile.displayName ?? '',
    preferredName: profile.preferredName ?? '',
    addressText: profile.address?.formatted ?? '',
    addressPosition: profile.address ? { lat: profile.address.lat, lng: profile.address.lng } : null,
    lgaCode: profile.lgaCode,
  });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { locate, locating, error: locateError } = useLocateLga();
  const disabled = profile.demo;

  const set = (key: 'displayName' | 'preferredName') => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  const fillFromLocation = async () => {
    const found = await locate();
    if (!found) return;
    const formatted = await reverseGeocode(found.lat, found.lng).catch(() => null);
    setFields((f) => ({
      ...f,
      addressText: formatted ?? `${found.lat.toFixed(5)}, ${found.lng.toFixed(5)}`,
      addressPosition: { lat: found.lat, lng: found.lng },
      lgaCode: found.lga?.code ?? f.lgaCode,
    }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateProfile(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await updateProfile(profileInputFrom(fields));
      queryClient.setQueryData(['myProfile'], saved);
      await auth.refresh();
      toast.show({ kind: 'success', message: 'Your profile is saved.' });
    } catch (err) {
      setFormError(`Could not save your profile: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <form className="settings-form panel" aria-label="Profile" noValidate onSubmit={(e) => void onSubmit(e)}>
        {formError && <Alert variation="error" role="alert">{formError}</Alert>}
        <TextField label="Email" value={profile.email} isReadOnly descriptiveText="The address you sign in with." />
        <TextField label="Display name" name="displayName" autoComplete="name" value={fields.displayName} onChange={set('displayName')}
          hasError={!!errors.displayName} errorMessage={errors.displayName} isDisabled={disabled} isRequired />
        <TextField label="Preferred name" name="preferredName" value={fields.preferredName} onChange={set('preferredName')}
          descriptiveText="What the app calls you, if not your display name." hasError={!!errors.preferredName}
          errorMessage={errors.preferredName} isDisabled={disabled} />
        <div className="settings-row">
          <TextField label="Address" name="address" autoComplete="street-address" value={fields.addressText}
            onChange={(e) => setFields((f) => ({ ...f, addressText: e.target.value }))}
            hasError={!!errors.addressText || !!locateError} errorMessage={errors.addressText ?? locateError ?? undefined} isDisabled={disabled} />
          <Button onClick={() => void fillFromLocation()} isLoading={locating} loadingText="Locating…" isDisabled={disabled}>Use my location</Button>
        </div>
        {lgas.data ? (
          <LgaPicker label="Your council (LGA)" lgas={lgas.data} value={fields.lgaCode}
            onChange={(code) => setFields((f) => ({ ...f, lgaCode: code }))} errorMessage={errors.lgaCode} isDisabled={disabled} />
        ) : (
          <p className="muted">{lgas.isError ? `Councils could not be loaded: ${lgas.error.message}` : 'Loading councils…'}</p>
        )}
        <div>
          <Button type="submit" variation="primary" isLoading={saving} loadingText="Saving…" isDisabled={disabled}>Save</Button>
        </div>
      </form>
      <VehicleSettings profile={profile} />
      {!disabled && <DeleteAccount />}
    </>
  );
}

export function ProfilePage() {
  return <SettingsLayout title="User settings">{(profile) => <ProfileForm profile={profile} />}</SettingsLayout>;
}
