// "Open in directions" from My subscriptions (/map?trip=id): the saved trip's places, every one in
// order, and its vehicle mass are handed to the panel once, which fills its fields and plans it. A
// trip that is gone, or a list that cannot be read, is said rather than left as an empty form.
import { useEffect, useRef, useState } from 'react';
import { fetchSavedTrips, type SavedTripPlace } from '../../subscriptions/api/saved-trips';
import type { Endpoint } from '../components/PlaceField';

const endpointOf = (p: SavedTripPlace): Endpoint => ({ label: p.label ?? `${p.lat}, ${p.lng}`, coordinate: { lat: p.lat, lng: p.lng } });

export function useSavedTripLink(signedIn: boolean, onOpen: (places: Endpoint[], vehicleMass?: number) => void): string | null {
  const [pending, setPending] = useState(() => new URLSearchParams(window.location.search).get('trip'));
  const [problem, setProblem] = useState<string | null>(null);
  const open = useRef(onOpen);
  open.current = onOpen;
  useEffect(() => {
    if (!pending || !signedIn) return;
    setPending(null);
    fetchSavedTrips().then(
      (trips) => {
        const trip = trips.find((t) => t.id === pending);
        if (trip) open.current(trip.places.map(endpointOf), trip.vehicleMass ?? undefined);
        else setProblem('That saved trip was not found: it may have been deleted.');
      },
      (error: Error) => setProblem(`Failed to open the saved trip: ${error.message}`),
    );
  }, [pending, signedIn]);
  return problem;
}
