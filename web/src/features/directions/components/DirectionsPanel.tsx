import { useQueries, useQuery } from '@tanstack/react-query';
import { lgasQuery } from '../../identity/api/identity';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useAuth } from '../../auth/auth-provider';
import { fetchSavedTrips } from '../../subscriptions/api/saved-trips';
import type { MapClosure } from '../../map/api/closure-fields';
import { closureQueryKey, fetchClosure } from '../../map/api/closures';
import { formatDistance } from '../../map/geo';
import type { Route } from '../api/directions';
import { formatDuration } from '../format';
import { stateHazardsQuery } from '../../state-hazards/api/state-hazards';
import { hazardsOnRoute, KIND_LABELS } from '../../state-hazards/hazard-view';

/** As the announcements write a mass; kept here so the map's first load needs no announcement code. */
const formatTonnes = (t: number) => `${t} t`;
import { PlaceField, type Endpoint } from './PlaceField';

// The watch-zone tool takes its place search from here, so it shares this chunk rather than adding one.
export { PlaceField, type Endpoint };

export type PickTarget = 'from' | 'to';

// Saving a trip is for signed-in people who planned one: its form loads when shown.
const SaveTripForm = lazy(() => import('./SaveTripForm').then((m) => ({ default: m.SaveTripForm })));

/**
 * "Open in directions" from My subscriptions (/map?trip=id): the saved trip's first and last
 * places fill From and To, and the route is planned once both are set.
 */
function useSavedTripLink(signedIn: boolean, onFrom: (e: Endpoint) => void, onTo: (e: Endpoint) => void): boolean {
  const [pending, setPending] = useState(() => new URLSearchParams(window.location.search).get('trip'));
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!pending || !signedIn) return;
    setPending(null);
    void fetchSavedTrips().then((trips) => {
      const trip = trips.find((t) => t.id === pending);
      if (!trip) return;
      const endpoint = (p: (typeof trip.places)[number]): Endpoint => ({ label: p.label ?? `${p.lat}, ${p.lng}`, coordinate: { lat: p.lat, lng: p.lng } });
      onFrom(endpoint(trip.places[0]));
      onTo(endpoint(trip.places[trip.places.length - 1]));
      setReady(true);
    });
  }, [pending, signedIn, onFrom, onTo]);
  return ready;
}

interface Props {
  from: Endpoint | null;
  to: Endpoint | null;
  onFrom(value: Endpoint | null): void;
  onTo(value: Endpoint | null): void;
  picking: PickTarget | null;
  onPicking(target: PickTarget | null): void;
  route: Route | null;
  loading: boolean;
  error: string | null;
  onSubmit(): void;
  onClear(): void;
  /** Closures the map has loaded; others are fetched by id. */
  loaded: MapClosure[];
  onFocusClosure(closure: MapClosure): void;
}

function closureName(closure: MapClosure | undefined, id: string): string {
  if (!closure) return `Closure ${id.slice(0, 8)}`;
  return closure.formattedAddress ? `${closure.type.text}: ${closure.formattedAddress}` : closure.type.text;
}

/** Route planner above the list twin: From/To, the route's summary, steps and the closures it avoids. */
export function DirectionsPanel(props: Props) {
  const { from, to, route } = props;
  const signedIn = useAuth().status === 'signedIn';
  const [planSaved, setPlanSaved] = useState(false);
  const savedTripReady = useSavedTripLink(signedIn, props.onFrom, props.onTo);
  useEffect(() => {
    if (savedTripReady && !planSaved && from && to) {
      setPlanSaved(true);
      props.onSubmit();
    }
  }, [savedTripReady, planSaved, from, to, props]);
  // Phones start collapsed so the list twin under the map stays in reach (spec §9 mobile layout).
  const [expanded, setExpanded] = useState(() => !window.matchMedia?.('(max-width: 767px)').matches);
  // The state's hazards the route keeps off are named `livetraffic-{id}`; they are not closures.
  const councils = (list: string[]) => list.filter((id) => !id.startsWith('livetraffic-'));
  const avoidedClosures = route ? councils(route.avoidedClosureIds) : [];
  const ids = route ? [...new Set([...avoidedClosures, ...councils(route.crossesClosureIds)])] : [];
  const missing = ids.filter((id) => !props.loaded.some((c) => c.id === id));
  const fetched = useQueries({
    queries: missing.map((id) => ({ queryKey: closureQueryKey(id), queryFn: () => fetchClosure(id), staleTime: 60_000 })),
  });
  const lookup = (id: string): MapClosure | undefined =>
    props.loaded.find((c) => c.id === id) ?? fetched.find((q) => q.data?.id === id)?.data ?? undefined;

  const stateFile = useQuery({ ...stateHazardsQuery, enabled: !!route }).data;
  const onRoute = route && stateFile ? hazardsOnRoute(route, stateFile.hazards) : { avoided: [], passed: [] };

  const kept = route?.unsealedAvoidedLgaCodes ?? [];
  const lgas = useQuery({ ...lgasQuery, enabled: kept.length > 0 });
  const lgaName = (code: string) => lgas.data?.find((l) => l.code === code)?.name ?? code;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const togglePick = (target: PickTarget) => props.onPicking(props.picking === target ? null : target);

  const closureButton = (id: string) => {
    const closure = lookup(id);
    return (
      <li key={id}>
        <button type="button" className="directions__closure" data-closure-id={id} disabled={!closure} onClick={() => closure && props.onFocusClosure(closure)}>
          {closureName(closure, id)}
        </button>
      </li>
    );
  };

  return (
    <section className="directions" aria-label="Directions">
      <header className="directions__header">
        <h2>Directions</h2>
        <button type="button" className="map-button map-button--small" aria-expanded={expanded} aria-controls="directions-body" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Hide' : 'Show'}
        </button>
      </header>
      <div id="directions-body" hidden={!expanded}>
        <form className="directions__form" onSubmit={submit} aria-label="Route planner">
          <PlaceField label="From" value={from} onChange={props.onFrom} picking={props.picking === 'from'} onPickOnMap={() => togglePick('from')} />
          <button
            type="button"
            className="map-button map-button--small directions__swap"
            aria-label="Swap From and To"
            onClick={() => {
              props.onFrom(to);
              props.onTo(from);
            }}
          >
            ⇅ Swap
          </button>
          <PlaceField label="To" value={to} onChange={props.onTo} picking={props.picking === 'to'} onPickOnMap={() => togglePick('to')} />
          {props.picking && <p className="directions__hint" role="status">Click the map to set {props.picking === 'from' ? 'From' : 'To'}.</p>}
          <div className="directions__actions">
            <button type="submit" className="map-button map-button--primary" disabled={!from || !to || props.loading}>
              {props.loading ? 'Finding a route…' : 'Get directions'}
            </button>
            {(route || props.error) && (
              <button type="button" className="map-button" onClick={props.onClear}>Clear route</button>
            )}
          </div>
        </form>
        {props.loading && <p role="status" className="directions__status">Calculating directions…</p>}
        {props.error && <p role="alert" className="directions__error">{props.error}</p>}
        {route && !props.loading && (
          <div className="directions__result" aria-live="polite">
            {route.crossesClosureIds.length > 0 && (
              <div role="alert" className="directions__warning">
                <strong>No open route: this route crosses a closed road</strong>
                <ul className="directions__closures">{councils(route.crossesClosureIds).map(closureButton)}</ul>
              </div>
            )}
            <p className="directions__summary" data-testid="route-summary">
              <strong>{formatDistance(route.distance)}</strong> · about {formatDuration(route.duration)}
            </p>
            {route.vehicleMass !== undefined && (
              <p className="directions__vehicle" data-testid="route-vehicle">
                {kept.length > 0
                  ? `For your ${formatTonnes(route.vehicleMass)} vehicle: keeps off unsealed roads in ${kept.map(lgaName).join(', ')} (closed or restricted below your vehicle's mass).`
                  : `Planned for your ${formatTonnes(route.vehicleMass)} vehicle: no unsealed road on this route is closed to it.`}
              </p>
            )}
            {avoidedClosures.length > 0 && (
              <div className="directions__avoided">
                <h3>Avoids {avoidedClosures.length === 1 ? 'this closure' : `these ${avoidedClosures.length} closures`}</h3>
                <ul className="directions__closures">{avoidedClosures.map(closureButton)}</ul>
              </div>
            )}
            {(onRoute.avoided.length > 0 || onRoute.passed.length > 0) && (
              <div className="directions__avoided" data-testid="route-state-hazards">
                <h3>{stateFile!.sourceName} hazards</h3>
                <ul className="directions__state-hazards">
                  {onRoute.avoided.map((h) => <li key={h.id}>Avoids ({KIND_LABELS[h.kind]}, road closed): {h.headline}</li>)}
                  {onRoute.passed.map((h) => <li key={h.id}>Passes ({KIND_LABELS[h.kind]}{h.closesRoad ? ', road closed' : ''}): {h.headline}</li>)}
                </ul>
                {stateFile!.recorded && <p className="muted">{stateFile!.recorded}</p>}
              </div>
            )}
            {signedIn && from && to && (
              <Suspense fallback={null}>
                <SaveTripForm from={from} to={to} vehicleMass={route.vehicleMass} />
              </Suspense>
            )}
            <h3>Steps</h3>
            <ol className="directions__steps">
              {route.steps.map((step, index) => (
                <li key={index}>
                  <span>{step.instruction}</span>
                  {step.name && <span className="directions__road">{step.name}</span>}
                  <span className="muted">{formatDistance(step.distance)} · {formatDuration(step.duration)}</span>
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </section>
  );
}
