import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { gql } from '../../../lib/api';
import type { LatLng, ReportCluster, ReportMedia } from '../api/reports';

/** lib/schema.graphql ReportClusterInput: "Metres, 50 to 5000". */
export const MIN_CLUSTER_RADIUS_M = 50;
export const MAX_CLUSTER_RADIUS_M = 5000;

interface ClusterAdjustment {
  radius: number;
  center: LatLng;
  mediaIds: string[];
}

async function updateCluster(id: string, input: ClusterAdjustment): Promise<void> {
  await gql(`mutation($id: ID!, $input: ReportClusterInput!) { updateCluster(id: $id, input: $input) { id radius center { lat lng } mediaIds updatedAt } }`, { id, input });
}

const FIELD = { display: 'inline-flex', gap: 6, alignItems: 'center' } as const;

/** Every member photo once, in member order: the only photos the API lets a cluster keep. */
function memberPhotos(cluster: ReportCluster): ReportMedia[] {
  const byId = new Map<string, ReportMedia>();
  for (const r of cluster.reports) for (const m of r.media) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()];
}

/** Moderator edits of a pending cluster before deciding it: radius, centre and kept photos. */
export function ClusterAdjustForm({ cluster, onSaved }: { cluster: ReportCluster; onSaved: () => void }) {
  const photos = memberPhotos(cluster);
  const [radius, setRadius] = useState(String(Math.round(cluster.radius)));
  const [lat, setLat] = useState(String(cluster.center.lat));
  const [lng, setLng] = useState(String(cluster.center.lng));
  const [kept, setKept] = useState<Set<string>>(() => new Set(cluster.media.map((m) => m.id)));
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({ mutationFn: (input: ClusterAdjustment) => updateCluster(cluster.id, input), onSuccess: onSaved });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = Number(radius);
    const center = { lat: Number(lat), lng: Number(lng) };
    if (!radius.trim() || !Number.isFinite(r) || r < MIN_CLUSTER_RADIUS_M || r > MAX_CLUSTER_RADIUS_M) {
      return setInvalid(`Radius must be between ${MIN_CLUSTER_RADIUS_M} and ${MAX_CLUSTER_RADIUS_M} metres`);
    }
    if (!lat.trim() || !lng.trim() || !Number.isFinite(center.lat) || !Number.isFinite(center.lng) || Math.abs(center.lat) > 90 || Math.abs(center.lng) > 180) {
      return setInvalid('Enter the centre as a latitude and longitude');
    }
    setInvalid(null);
    // Member order, not click order: the first kept photo leads on the closure.
    save.mutate({ radius: r, center, mediaIds: photos.map((p) => p.id).filter((id) => kept.has(id)) });
  };

  const toggle = (id: string) =>
    setKept((before) => {
      const after = new Set(before);
      if (!after.delete(id)) after.add(id);
      return after;
    });

  const message = invalid ?? save.error?.message;
  return (
    <form className="cluster-adjust" aria-label="Adjust cluster" onSubmit={submit}>
      <h2>Adjust</h2>
      <div className="report-actions">
        <label style={FIELD}>
          Radius (metres)
          <input type="number" name="radius" min={MIN_CLUSTER_RADIUS_M} max={MAX_CLUSTER_RADIUS_M} step={1} value={radius} onChange={(e) => setRadius(e.target.value)} />
        </label>
        <label style={FIELD}>
          Centre latitude
          <input type="number" name="lat" step="any" value={lat} onChange={(e) => setLat(e.target.value)} />
        </label>
        <label style={FIELD}>
          Centre longitude
          <input type="number" name="lng" step="any" value={lng} onChange={(e) => setLng(e.target.value)} />
        </label>
      </div>
      {photos.length > 0 && (
        <fieldset>
          <legend>Photos the closure keeps</legend>
          {photos.map((p, i) => (
            <label key={p.id} className="cluster-adjust__photo">
              <input type="checkbox" checked={kept.has(p.id)} onChange={() => toggle(p.id)} />
              <img src={p.thumbnailUrl ?? p.url} alt={`Photo ${i + 1}`} width={64} height={64} />
            </label>
          ))}
        </fieldset>
      )}
      <p>
        <button type="submit" className="rp-button rp-button--secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </button>
      </p>
      {message && <p className="form-error" role="alert">{message}</p>}
    </form>
  );
}
