// My subscriptions, "Watched areas": each area the person watches with its own channels (in the
// app, push, email at once or in a daily digest, texts), saved as soon as one changes, and Delete.
// Offline the list is read from this device (the choices then wait for a connection).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context';
import { hourLabel } from '../../subscriptions/components/EmailChoice';
import { deleteWatchZone, MAX_WATCH_ZONES, setZoneChannels, watchZonesKey, type EmailMode, type WatchZone, type ZoneChannels } from '../api/watch-zones';
import { useWatchZones } from '../hooks';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

function describe(zone: WatchZone): string {
  if (zone.shape === 'circle') return `${((zone.radius ?? 0) / 1000).toLocaleString('en-AU', { maximumFractionDigits: 1 })} km around ${zone.place ?? 'a point on the map'}`;
  return `An area of ${zone.polygon?.length ?? 0} corners drawn on the map`;
}

function ZoneChannelsChoice({ zone, offline }: { zone: WatchZone; offline: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const id = useId();
  const save = useMutation({
    mutationFn: (channels: ZoneChannels) => setZoneChannels(zone.id, channels),
    // One change after another, in the order chosen (as the subscriptions' email choice).
    scope: { id: 'watch-zone-channels' },
    onMutate: async (channels) => {
      await queryClient.cancelQueries({ queryKey: watchZonesKey });
      queryClient.setQueryData<WatchZone[]>(watchZonesKey, (old = []) => old.map((z) => (z.id === zone.id ? { ...z, channels } : z)));
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: watchZonesKey });
      toast.show({ kind: 'error', message: `Failed to save how you hear about ${zone.name}: ${error.message}` });
    },
  });
  const current = zone.channels;
  const change = (next: Partial<ZoneChannels>) => save.mutate({ ...current, ...next });
  return (
    <fieldset className="zone-channels" disabled={offline}>
      <legend className="visually-hidden">How you hear about {zone.name}</legend>
      <label>
        <input type="checkbox" checked={current.inApp} onChange={(e) => change({ inApp: e.target.checked })} /> In the app
      </label>
      <label>
        <input type="checkbox" checked={current.push} onChange={(e) => change({ push: e.target.checked })} /> Push
      </label>
      <label className="email-choice__sms">
        <input type="checkbox" checked={current.sms} aria-label={`Texts about ${zone.name}`} onChange={(e) => change({ sms: e.target.checked })} /> Texts
      </label>
      <span className="email-choice">
        <label htmlFor={`${id}-mode`}>Email</label>
        <select id={`${id}-mode`} aria-label={`Email about ${zone.name}`} value={current.email} onChange={(e) => change({ email: e.target.value as EmailMode })}>
          <option value="off">Off</option>
          <option value="immediate">At once</option>
          <option value="daily">Daily digest</option>
        </select>
        {current.email === 'daily' && (
          <select aria-label={`Daily digest hour for ${zone.name}`} value={current.digestHour} onChange={(e) => change({ digestHour: Number(e.target.value) })}>
            {HOURS.map((h) => (
              <option key={h} value={h}>{hourLabel(h)}</option>
            ))}
          </select>
        )}
      </span>
    </fieldset>
  );
}

export function WatchZonesSection() {
  const zones = useWatchZones();
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: deleteWatchZone,
    onMutate: () => queryClient.cancelQueries({ queryKey: watchZonesKey }),
    onSuccess: (list) => queryClient.setQueryData(watchZonesKey, list),
    onError: (error) => toast.show({ kind: 'error', message: `Failed to delete the area: ${error.message}` }),
  });
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <section className="watch-zones" aria-labelledby="watch-zones-heading">
      <h2 id="watch-zones-heading">Watched areas</h2>
      <p className="muted">
        A closure that starts, changes or reopens inside an area you watch reaches you by the ways you choose for it. Up to {MAX_WATCH_ZONES} areas:
        choose <strong>Watch an area</strong> on the <Link to="/map">map</Link>.
      </p>
      {zones.isPending ? (
        <p className="muted">Loading your areas…</p>
      ) : zones.isError ? (
        <p role="alert">Failed to load your areas: {zones.error.message}</p>
      ) : zones.data.length === 0 ? (
        <div className="panel"><p style={{ margin: 0 }}>You do not watch any areas yet.</p></div>
      ) : (
        <ul className="subs-list">
          {zones.data.map((zone) => (
            <li key={zone.id}>
              <div className="subs-item">
                <div>
                  <strong>{zone.name}</strong>
                  <div className="muted">{describe(zone)}</div>
                </div>
                <ZoneChannelsChoice zone={zone} offline={offline} />
              </div>
              <button type="button" className="amplify-button amplify-button--small" aria-label={`Delete ${zone.name}`} disabled={remove.isPending || offline} onClick={() => remove.mutate(zone.id)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
