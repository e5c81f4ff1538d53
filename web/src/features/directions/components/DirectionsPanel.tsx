import { useQueries, useQuery } from '@tanstack/react-query';
import { lgasQuery } from '../../identity/api/identity';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useAuth } from '../../auth/auth-provider';
import type { MapClosure } from '../../map/api/closure-fields';
import { closureQueryKey, fetchClosure } from '../../map/api/closures';
import { formatDistance, type LngLat } from '../../map/geo';
import type { Route } from '../api/directions';
import { formatDuration } from '../format';
import { stateHazardsQuery } from '../../state-hazards/api/state-hazards';
import { hazardsOnRoute, KIND_LABELS } from '../../state-hazards/hazard-view';
import { useSavedTripLink } from '../hooks/useSavedTripLink';
import { chosenPlaces, emptyStops, emptyTrip, mapPoint, placeFieldLabel, setPlace, tripOf, type TripPlace } from '../trip-places';
import { TripPlaceFields } from './TripPlaceFields';

/** As the announcements write a mass; kept here so the map's first load needs no announcement code. */
const formatTonnes = (t: number) => `${t} t`;
import { PlaceField, type Endpoint } from './PlaceField';

// The watch-zone tool takes its place search from here, so it shares this chunk rather than adding one.
export { PlaceField, type Endpoint };

/** What the map does with its next click while a place is being picked on it. */
export type MapPicker = (point: LngLat) => void;

// Saving a trip is for signed-in people who planned one: its form loads when shown.
const SaveTripForm = lazy(() => import('./SaveTripForm').then((m) => ({ default: m.SaveTripForm })));

interface Props {
  /** The trip's places in order (From, the stops, To), each null until chosen: the map marks them. */
  onPlaces(places: (Endpoint | null)[]): void;
  /** A place is being picked on the map: the map hands its next click here (null: no longer). */
  onPicking(pick: MapPicker | null): void;
  route: Route | null;
  loading: boolean;
  error: string | null;
  /** Plan the route through these places in order; a saved trip brings its own vehicle mass. */
  onSubmit(locations: LngLat[], vehicleMass?: number): void;
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
  const { route, onPlaces } = props;
  const signedIn = useAuth().status === 'signedIn';
  const [trip, setTrip] = useState<TripPlace[]>(emptyTrip);
  const [picking, setPicking] = useState<string | null>(null);
  // The places the shown route was planned for: Save this trip saves these, not later edits.
  const [planned, setPlanned] = useState<Endpoint[] | null>(null);
  const [missingAttempt, setMissingAttempt] = useState(0);
  useEffect(() => onPlaces(trip.map((p) => p.place)), [trip, onPlaces]);

  const pickOnMap = (key: string | null) => {
    setPicking(key);
    props.onPicking(
      key
        ? (point) => {
            setTrip((current) => setPlace(current, key, mapPoint(point)));
            pickOnMap(null);
          }
        : null,
    );
  };
  const changePlace = (key: string, place: Endpoint | null) => {
    setTrip((current) => setPlace(current, key, place));
    if (picking) pickOnMap(null);
  };
  const plan = (places: Endpoint[], vehicleMass?: number) => {
    setPlanned(places);
    setMissingAttempt(0);
    props.onSubmit(places.map((p) => p.coordinate), vehicleMass);
  };
  const openProblem = useSavedTripLink(signedIn, (places, vehicleMass) => {
    setTrip(tripOf(places));
    plan(places, vehicleMass);
  });
  // Stops left empty are named after a try, never skipped: the route would not be the trip asked for.
  const emptyStopKeys = missingAttempt > 0 ? emptyStops(trip) : [];
  const ends = !!trip[0].place && !!trip[trip.length - 1].place;

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
    const places = chosenPlaces(trip);
    if (places) plan(places);
    else setMissingAttempt((n) => n + 1);
  };
  const pickingIndex = trip.findIndex((p) => p.key === picking);

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
          <TripPlaceFields
            trip={trip}
            onTrip={(next) => {
              setTrip(next);
              if (picking && !next.some((p) => p.key === picking)) pickOnMap(null);
            }}
            onPlace={changePlace}
            picking={picking}
            onPickOnMap={(key) => pickOnMap(picking === key ? null : key)}
            missing={emptyStopKeys}
            missingAttempt={missingAttempt}
          />
          {pickingIndex >= 0 && <p className="directions__hint" role="status">Click the map to set {placeFieldLabel(pickingIndex, trip.length)}.</p>}
          {emptyStopKeys.length > 0 && <p className="directions__error" role="alert">Choose a place for each stop, or remove it, to get directions.</p>}
          <div className="directions__actions">
            <button type="submit" className="map-button map-button--primary" disabled={!ends || props.loading}>
              {props.loading ? 'Finding a route…' : 'Get directions'}
            </button>
            {(route || props.error) && (
              <button type="button" className="map-button" onClick={props.onClear}>Clear route</button>
            )}
          </div>
        </form>
        {props.loading && <p role="status" className="directions__status">Calculating directions…</p>}
        {props.error && <p role="alert" className="directions__error">{props.error}</p>}
        {openProblem && <p role="alert" className="directions__error">{openProblem}</p>}
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
            {signedIn && planned && (
              <Suspense fallback={null}>
                <SaveTripForm key={planned.map((p) => p.label).join('|')} places={planned} vehicleMass={route.vehicleMass} />
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
