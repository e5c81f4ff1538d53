// My subscriptions: the person's saved trips, each with its places in order, how its alerts reach
// them (email at once or off, texts), delete, and a link that opens it in directions. Readable
// offline like the other subscriptions: the last list read on this device for this person.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../auth/auth-provider';
import { rememberedRead } from '../../offline/remembered-reads';
import { savedTripDetails } from '../../directions/trip-places';
import { deleteSavedTrip, fetchSavedTrips, savedTripsKey, setSavedTripChannels, type SavedTrip } from '../api/saved-trips';

export function SavedTripsSection() {
  const { status, me } = useAuth();
  const owner = me?.uid ?? null;
  const queryClient = useQueryClient();
  const toast = useToast();
  const trips = useQuery({ queryKey: savedTripsKey, queryFn: () => rememberedRead('savedTrips', owner, fetchSavedTrips), enabled: status === 'signedIn' });
  const onError = (what: string) => (error: Error) => toast.show({ kind: 'error', message: `${what}: ${error.message}` });
  const remove = useMutation({ mutationFn: deleteSavedTrip, onSuccess: (list) => queryClient.setQueryData(savedTripsKey, list), onError: onError('Failed to delete the trip') });
  const channels = useMutation({
    mutationFn: setSavedTripChannels,
    scope: { id: 'saved-trip-channels' },
    onSuccess: (list) => queryClient.setQueryData(savedTripsKey, list),
    onError: onError('Failed to save how you hear about the trip'),
  });
  const change = (trip: SavedTrip, email: SavedTrip['email'], sms: boolean) => channels.mutate({ id: trip.id, email: email === 'immediate' ? 'IMMEDIATE' : 'OFF', sms });

  return (
    <section className="saved-trips" aria-labelledby="saved-trips-heading">
      <h2 id="saved-trips-heading">Saved trips</h2>
      <p className="muted">When a closure blocks a saved trip's route, or a reopening frees it, you hear what it costs. Save up to 5 trips from <Link to="/map">Directions</Link>.</p>
      {trips.isPending ? (
        <p role="status">Loading your trips…</p>
      ) : trips.isError ? (
        <p role="alert">Failed to load your trips: {trips.error.message}</p>
      ) : trips.data.length === 0 ? (
        <div className="panel"><p style={{ margin: 0 }}>No saved trips. Plan one on the <Link to="/map">map</Link> and choose Save this trip.</p></div>
      ) : (
        <ul className="subs-list">
          {trips.data.map((trip) => {
            const details = savedTripDetails(trip);
            return (
              <li key={trip.id}>
                <div className="subs-item">
                  <div>
                    <div>
                      <strong>{trip.name}</strong>
                    </div>
                    {details && (
                      <div className="muted" data-testid="saved-trip-places">
                        {details}
                      </div>
                    )}
                    <Link to={`/map?trip=${encodeURIComponent(trip.id)}`}>Open in directions</Link>
                  </div>
                  <div className="email-choice">
                    <label htmlFor={`trip-email-${trip.id}`}>Email</label>
                    <select id={`trip-email-${trip.id}`} aria-label={`Email about ${trip.name}`} value={trip.email} onChange={(e) => change(trip, e.target.value as SavedTrip['email'], trip.sms)}>
                      <option value="off">Off</option>
                      <option value="immediate">At once</option>
                    </select>
                    <label className="email-choice__sms">
                      <input type="checkbox" checked={trip.sms} aria-label={`Texts about ${trip.name}`} onChange={(e) => change(trip, trip.email, e.target.checked)} /> Texts
                    </label>
                  </div>
                </div>
                <button type="button" className="amplify-button amplify-button--small" disabled={remove.isPending} onClick={() => remove.mutate(trip.id)} aria-label={`Delete ${trip.name}`}>
                  Delete
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

