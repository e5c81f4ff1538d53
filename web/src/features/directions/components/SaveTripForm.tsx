// "Save this trip" under a planned route (signed in only): a name, "Forbes → Bogan Gate → Parkes"
// unless changed, and the places the route was planned through, in order, with the vehicle mass it
// was planned for. Its alerts are set under My subscriptions.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { savedTripsKey, saveTrip } from '../../subscriptions/api/saved-trips';
import { tripName } from '../trip-places';
import type { Endpoint } from './PlaceField';

export function SaveTripForm({ places, vehicleMass }: { places: Endpoint[]; vehicleMass?: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(() => tripName(places));
  const save = useMutation({
    mutationFn: () =>
      saveTrip({
        name: name.trim() || undefined,
        places: places.map((e) => ({ lat: e.coordinate.lat, lng: e.coordinate.lng, label: e.label.slice(0, 120) })),
        ...(vehicleMass ? { vehicleMass } : {}),
      }),
    onSuccess: (list) => queryClient.setQueryData(savedTripsKey, list),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="directions__save" onSubmit={submit} aria-label="Save this trip">
      <label htmlFor={`${id}-name`}>Trip name</label>
      <input id={`${id}-name`} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="map-button" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save this trip'}
      </button>
      {save.isSuccess && (
        <p role="status">
          Saved. You will hear when a closure blocks it: <Link to="/subscriptions">My subscriptions</Link>.
        </p>
      )}
      {save.isError && <p role="alert" className="directions__error">{save.error.message}</p>}
    </form>
  );
}
