// The trip's places in the directions panel: From, up to three stops, To. Each has the place
// search; a stop can be moved earlier or later and removed. At five places "Add a stop" is off and
// says why; what changed is announced, and focus goes where the next keystroke is wanted.
import { useEffect, useId, useRef, useState } from 'react';
import { addStop, canAddStop, MAX_TRIP_PLACES, moveStop, placeFieldLabel, removeStop, reverseTrip, type TripPlace } from '../trip-places';
import { PlaceField, type Endpoint } from './PlaceField';

interface Props {
  trip: TripPlace[];
  onTrip(next: TripPlace[]): void;
  onPlace(key: string, place: Endpoint | null): void;
  /** The place waiting for a map click, by key. */
  picking: string | null;
  onPickOnMap(key: string): void;
  /** Stops left without a place when directions were asked for. */
  missing: string[];
  /** Grows with each such attempt: focus goes to the first empty stop. */
  missingAttempt: number;
}

export function TripPlaceFields({ trip, onTrip, onPlace, picking, onPickOnMap, missing, missingAttempt }: Props) {
  const id = useId();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  // An element to focus once the list has been drawn again: a stop's field, or a button by id.
  const [focusNext, setFocusNext] = useState<{ input: string } | { button: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const stops = trip.length - 2;
  const full = !canAddStop(trip);

  useEffect(() => {
    if (!focusNext) return;
    ('input' in focusNext ? inputs.current.get(focusNext.input) : document.getElementById(focusNext.button))?.focus();
    setFocusNext(null);
  }, [focusNext]);
  useEffect(() => {
    if (missingAttempt > 0 && missing.length > 0) inputs.current.get(missing[0])?.focus();
    // Only a new attempt moves focus, not a stop filled in meanwhile.
  }, [missingAttempt]);

  const add = () => {
    const next = addStop(trip);
    onTrip(next);
    const added = next[next.length - 2];
    setAnnouncement(`${placeFieldLabel(next.length - 2, next.length)} added.`);
    setFocusNext({ input: added.key });
  };
  const remove = (index: number) => {
    onTrip(removeStop(trip, index));
    setAnnouncement(`${placeFieldLabel(index, trip.length)} removed.`);
    setFocusNext({ button: `${id}-add` });
  };
  const move = (index: number, by: -1 | 1) => {
    const next = moveStop(trip, index, by);
    onTrip(next);
    const moved = trip[index];
    const label = placeFieldLabel(index + by, next.length);
    setAnnouncement(`${moved.place?.label.split(',')[0] ?? 'The empty stop'} is now ${label}.`);
    // The same button while it can still move that way, else the stop's own field.
    const stillMoves = by === -1 ? index + by > 1 : index + by < next.length - 2;
    setFocusNext(stillMoves ? { button: `${id}-${moved.key}-${by === -1 ? 'up' : 'down'}` } : { input: moved.key });
  };

  return (
    <>
      <ol className="trip-places">
        {trip.map((entry, index) => {
          const label = placeFieldLabel(index, trip.length);
          const stop = index > 0 && index < trip.length - 1;
          return (
            <li key={entry.key} className={stop ? 'trip-places__stop' : undefined}>
              <PlaceField
                label={label}
                value={entry.place}
                onChange={(place) => onPlace(entry.key, place)}
                picking={picking === entry.key}
                onPickOnMap={() => onPickOnMap(entry.key)}
                problem={missing.includes(entry.key) ? `Choose a place for ${label}, or remove it.` : undefined}
                inputRef={(input) => {
                  if (input) inputs.current.set(entry.key, input);
                  else inputs.current.delete(entry.key);
                }}
                actions={
                  stop && (
                    <>
                      {stops > 1 && (
                        <>
                          {/* Arrows, so a stop's buttons fit two rows on a phone; the name says it all. */}
                          <button type="button" id={`${id}-${entry.key}-up`} className="map-button map-button--small" aria-label={`Move ${label} up`} title="Move up" disabled={index === 1} onClick={() => move(index, -1)}>
                            ↑
                          </button>
                          <button type="button" id={`${id}-${entry.key}-down`} className="map-button map-button--small" aria-label={`Move ${label} down`} title="Move down" disabled={index === trip.length - 2} onClick={() => move(index, 1)}>
                            ↓
                          </button>
                        </>
                      )}
                      <button type="button" className="map-button map-button--small" onClick={() => remove(index)}>
                        Remove<span className="visually-hidden"> {label}</span>
                      </button>
                    </>
                  )
                }
              />
            </li>
          );
        })}
      </ol>
      <div className="trip-places__actions">
        <button type="button" id={`${id}-add`} className="map-button map-button--small" disabled={full} aria-describedby={full ? `${id}-full` : undefined} onClick={add}>
          <span aria-hidden="true">+&nbsp;</span>Add a stop
        </button>
        <button type="button" className="map-button map-button--small" aria-label="Swap From and To" onClick={() => onTrip(reverseTrip(trip))}>
          ⇅ Swap
        </button>
      </div>
      {full && (
        <p id={`${id}-full`} className="muted trip-places__note">
          A trip has at most {MAX_TRIP_PLACES} places: From, {MAX_TRIP_PLACES - 2} stops and To. Remove a stop to add another.
        </p>
      )}
      <p role="status" className="visually-hidden">{announcement}</p>
    </>
  );
}
