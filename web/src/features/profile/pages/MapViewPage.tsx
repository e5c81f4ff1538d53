import { Alert, Button, SelectField, SliderField } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useAppConfig } from '../../../config/app-config';
import { updateProfile, type Profile } from '../../identity/api/identity';
import { SettingsLayout } from '../components/SettingsLayout';
import { BASE_LAYERS, MAX_ZOOM, MIN_ZOOM, parseMapOptions, type MapOptions } from '../map-options';

function MapViewForm({ profile }: { profile: Profile }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [options, setOptions] = useState<MapOptions>(() => parseMapOptions(profile.mapOptions));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Only the base layers this deployment has a style for (config app.mapStyles); streets always.
  const { mapStyles } = useAppConfig();
  const layers = BASE_LAYERS.filter(([id]) => id === 'streets' || !!mapStyles?.[id]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      // mapOptions is AWSJSON: the API takes it as a JSON string.
      const saved = await updateProfile({ mapOptions: JSON.stringify(options) });
      queryClient.setQueryData(['myProfile'], saved);
      toast.show({ kind: 'success', message: 'Your map view is saved.' });
    } catch (err) {
      setError(`Could not save your map view: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="settings-form panel" aria-label="Map view" noValidate onSubmit={(e) => void onSubmit(e)}>
      <p className="muted" style={{ margin: 0 }}>How the map opens for you: how close it starts and which base map it shows.</p>
      {error && <Alert variation="error" role="alert">{error}</Alert>}
      <SliderField label="Default zoom" min={MIN_ZOOM} max={MAX_ZOOM} step={1} value={options.zoom}
        onChange={(zoom) => setOptions((o) => ({ ...o, zoom }))} isDisabled={profile.demo}
        descriptiveText="5 shows a whole state, 18 single streets." />
      <SelectField label="Base layer" value={options.baseLayer} isDisabled={profile.demo}
        descriptiveText="Every map in the app uses it: the public map, the staff and admin maps, directions and reporting."
        onChange={(e) => setOptions((o) => ({ ...o, baseLayer: e.target.value as MapOptions['baseLayer'] }))}>
        {layers.map(([id, label]) => <option key={id} value={id}>{label}</option>)}
      </SelectField>
      <div>
        <Button type="submit" variation="primary" isLoading={saving} loadingText="Saving…" isDisabled={profile.demo}>Save</Button>
      </div>
    </form>
  );
}

export function MapViewPage() {
  return <SettingsLayout title="Map view settings">{(profile) => <MapViewForm profile={profile} />}</SettingsLayout>;
}
