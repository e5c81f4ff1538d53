import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LayerSpecification } from 'maplibre-gl';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { useSavedMapOptions, useSavedMapStyle } from '../../profile/hooks/useSavedProfile';
import { useAuth } from '../../auth/auth-provider';
import { checkPhoto } from '../../closures/upload';
import { CLOSURE_TYPES } from '../../map/closure-display';
import { FORBES_BBOX } from '../../map/geo';
import { MapView } from '../../map/components/MapView';
import { SubscribeButton } from '../../subscriptions/components/SubscribeButton';
import { nearbyForReport, type LatLng, type Report } from '../api/reports';
import { getQueue, queueReport, removeQueued, sendQueuedReports } from '../../report-queue/api/queue';
import { useReportQueue } from '../../report-queue/hooks/useReportQueue';
import { QueuedReports } from '../../report-queue/components/QueuedReports';
import { useConnectivity } from '../../offline/connectivity';
import { LoginRequiredDialog } from './LoginRequiredDialog';
import './reports.css';

const MAX_PHOTOS = 4;
const MAX_DESCRIPTION = 1000;

const PIN_LAYERS: LayerSpecification[] = [
  {
    id: 'report-pin',
    type: 'circle',
    source: 'report-pin',
    paint: { 'circle-radius': 9, 'circle-color': '#d9480f', 'circle-stroke-width': 3, 'circle-stroke-color': '#ffffff' },
  },
];

function pinSource(position: LatLng | null) {
  return {
    type: 'FeatureCollection' as const,
    features: position ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates: [position.lng, position.lat] } }] : [],
  };
}

/** /report: place a pin, say what and add photos; nearby closures and reports first (spec §2). */
export function ReportIncidentPage() {
  const { status, me } = useAuth();
  const { online } = useConnectivity();
  // The saved map options (/profile/map-view): base layer and default zoom, as on every map.
  const mapStyle = useSavedMapStyle();
  const savedMap = useSavedMapOptions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [position, setPosition] = useState<LatLng | null>(null);
  const [type, setType] = useState('flood');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [sent, setSent] = useState<Report | null>(null);
  // A report written without a connection waits in the queue under this key.
  const [waitingKey, setWaitingKey] = useState<string | null>(null);
  const waiting = useReportQueue().find((e) => e.key === waitingKey);
  // The map moves to the pin only once it exists: a location found before it loaded waits for it.
  const [mapReady, setMapReady] = useState(false);

  const nearby = useQuery({
    queryKey: ['reports', 'nearby', position?.lat, position?.lng, type],
    queryFn: () => nearbyForReport(position!, type),
    enabled: !!position,
  });

  const submit = useMutation({
    // Runs offline too (TanStack would otherwise pause it): without a connection the report is queued.
    networkMode: 'always',
    // Every report goes through the queue: sent at once when there is a connection, kept with its
    // photos until there is one otherwise, and never sent twice (one idempotency key per report).
    mutationFn: async () => {
      const key = await queueReport(me!.uid, { type, description: description.trim() || undefined, position: position! }, photos);
      if (navigator.onLine) await sendQueuedReports();
      const entry = getQueue().find((e) => e.key === key);
      if (entry?.state === 'failed') {
        // Refused as written (not a lost connection): show why and let the user change it.
        await removeQueued(key);
        throw new Error(entry.error);
      }
      return { key, report: entry?.state === 'sent' ? entry.report ?? null : null };
    },
    onSuccess: ({ key, report }) => {
      if (report) {
        setSent(report);
        void queryClient.invalidateQueries({ queryKey: ['reports'] });
      } else setWaitingKey(key);
    },
  });

  if (status === 'anonymous') return <LoginRequiredDialog onClose={() => navigate('/map')} />;

  function locateMe() {
    if (!navigator.geolocation) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        setPosition({ lat: Math.round(p.coords.latitude * 1e6) / 1e6, lng: Math.round(p.coords.longitude * 1e6) / 1e6 });
      },
      () => setLocating(false),
    );
  }

  function addPhotos(files: FileList | null) {
    const chosen = Array.from(files ?? []);
    const problem = chosen.map(checkPhoto).find(Boolean) ?? null;
    if (photos.length + chosen.length > MAX_PHOTOS) return setPhotoError(`You can add at most ${MAX_PHOTOS} photos.`);
    setPhotoError(problem);
    if (!problem) setPhotos([...photos, ...chosen]);
  }

  const delivered = sent ?? (waiting?.state === 'sent' ? waiting.report ?? null : null);
  if (waitingKey && !delivered) {
    return (
      <div className="reports-page">
        <PageHeader title="Your report is waiting to send" />
        <div className="panel">
          <p>
            There is no connection right now, so your report is kept on this device. It will be sent as soon as you are back
            online, and only once.
          </p>
          <p>
            <Link to="/my-reports">My incident reports</Link> shows it until it has been sent.
          </p>
        </div>
        <QueuedReports />
      </div>
    );
  }

  if (delivered) {
    const sent = delivered;
    return (
      <div className="reports-page">
        <PageHeader title="Thank you for your report" />
        <div className="panel" role="status">
          <p>
            Your report {sent.formattedAddress ? `near ${sent.formattedAddress}` : ''} was sent.{' '}
            {sent.councilUsesApp
              ? 'The council will review it.'
              : 'This council does not use the app yet, so nobody may review it soon. Contact the council directly if it is urgent.'}
          </p>
          <p>
            <Link to={`/reports/${sent.id}`}>See your report</Link> · <Link to="/my-reports">My incident reports</Link>
          </p>
        </div>
      </div>
    );
  }

  const error = submit.error as (Error & { errorType?: string }) | null;
  return (
    <div className="reports-page">
      <PageHeader title="Report an incident">Tell the council about a flooded road, a crash or a hazard.</PageHeader>
      <div className="report-form">
        <section className="report-form__map">
          <MapView
            styleUrl={mapStyle}
            initialBbox={FORBES_BBOX}
            initialZoom={savedMap?.zoom}
            sources={{ 'report-pin': pinSource(position) }}
            layers={PIN_LAYERS}
            label="Click the map where the incident is"
            crosshair
            onMapClick={(p) => setPosition({ lat: Math.round(p.lat * 1e6) / 1e6, lng: Math.round(p.lng * 1e6) / 1e6 })}
            onViewportChange={() => setMapReady(true)}
            focus={position && mapReady ? { key: `${position.lat},${position.lng}`, center: position, zoom: 14 } : null}
          />
          <div className="report-form__where">
            <button type="button" className="rp-button rp-button--secondary" onClick={locateMe} disabled={locating}>
              {locating ? 'Finding you…' : 'Use my location'}
            </button>
            <span className="muted" data-testid="report-position">
              {position ? `Pin at ${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}` : 'Click the map to place the pin.'}
            </span>
          </div>
        </section>

        <form
          className="report-form__fields panel"
          onSubmit={(e) => {
            e.preventDefault();
            if (position) submit.mutate();
          }}
        >
          <label>
            Type
            <select value={type} onChange={(e) => setType(e.target.value)} name="type">
              {CLOSURE_TYPES.map((t) => (
                <option key={t.value} value={t.value}>{t.text}</option>
              ))}
            </select>
          </label>
          <label>
            Description
            <textarea
              name="description"
              value={description}
              maxLength={MAX_DESCRIPTION}
              rows={4}
              onChange={(e) => setDescription(e.target.value)}
              placeholder="What did you see?"
            />
            <span className="muted">{description.length}/{MAX_DESCRIPTION}</span>
          </label>
          <label>
            Photos (up to {MAX_PHOTOS})
            <input type="file" accept="image/jpeg,image/png,image/webp,image/gif" multiple onChange={(e) => addPhotos(e.target.files)} />
            <span className="muted">Without a connection, the report and its photos wait on this device and are sent when you are back online.</span>
          </label>
          {photos.length > 0 && (
            <ul className="report-photos">
              {photos.map((p, i) => (
                <li key={`${p.name}-${i}`}>
                  {p.name}{' '}
                  <button type="button" className="rp-link" onClick={() => setPhotos(photos.filter((_, j) => j !== i))}>Remove</button>
                </li>
              ))}
            </ul>
          )}
          {photoError && <p className="form-error" role="alert">{photoError}</p>}

          {position && (
            <section className="report-nearby" aria-label="Already reported nearby">
              <h2>Already reported nearby</h2>
              {nearby.isError ? (
                <p className="muted">Nearby reports cannot be checked right now (no connection?).</p>
              ) : nearby.isPending ? (
                <p className="muted">Looking nearby…</p>
              ) : (nearby.data?.closures.length ?? 0) + (nearby.data?.clusters.length ?? 0) === 0 ? (
                <p className="muted">Nothing reported within 500 m.</p>
              ) : (
                <ul>
                  {nearby.data?.closures.map((c) => (
                    <li key={c.id}>
                      Closure: {c.type.text}{c.formattedAddress ? `, ${c.formattedAddress}` : ''} <SubscribeButton closureId={c.id} />
                    </li>
                  ))}
                  {nearby.data?.clusters.map((c) => (
                    <li key={c.id}>
                      Pending: {c.type.text}, {c.reportCount} report{c.reportCount === 1 ? '' : 's'} {Math.round(c.distance)} m away. Yours will be added to it.
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}

          {error && <p className="form-error" role="alert">{error.message}</p>}
          {!online && <p className="muted">You are offline: the report will wait on this device and be sent when you are back online.</p>}
          <button type="submit" className="rp-button" disabled={!position || submit.isPending}>
            {submit.isPending ? 'Sending…' : 'Send report'}
          </button>
        </form>
      </div>
    </div>
  );
}
