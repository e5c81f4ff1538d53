import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { LngLat } from '../../map/geo';
import type { Place } from '../api/directions';
import { usePlaceSearch } from '../hooks/usePlaceSearch';

export interface Endpoint {
  label: string;
  coordinate: LngLat;
}

interface Props {
  label: string;
  value: Endpoint | null;
  onChange(value: Endpoint | null): void;
  picking: boolean;
  onPickOnMap(): void;
  /** Why the field needs a place (a stop left empty), said under it and with the input. */
  problem?: string;
  /** For the panel to put focus here (a stop just added, or left empty). */
  inputRef?: Ref<HTMLInputElement>;
  /** More buttons beside Pick on map and My location (a stop's Move and Remove). */
  actions?: ReactNode;
}

const placeLabel = (place: Place) => `${place.name}, ${place.state}`;

/** WAI-ARIA combobox over searchPlaces, plus "Pick on map" and "My location" as other ways in. */
export function PlaceField({ label, value, onChange, picking, onPickOnMap, problem, inputRef, actions }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const { places, loading, error } = usePlaceSearch(text, open);

  // A value set from outside (map pick, my location, swap) replaces what was typed; the value this
  // field clears itself while the user types must not wipe the text being typed.
  const clearedByTyping = useRef(false);
  useEffect(() => {
    if (clearedByTyping.current && !value) return;
    clearedByTyping.current = false;
    setText(value?.label ?? '');
  }, [value]);
  useEffect(() => setActive(-1), [places]);

  const choose = (place: Place) => {
    onChange({ label: placeLabel(place), coordinate: place.coordinate });
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (places.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + places.length) % places.length);
    } else if (event.key === 'Enter' && open && places.length > 0) {
      // Enter picks the highlighted place, or the best match when none is highlighted.
      event.preventDefault();
      choose(places[Math.max(0, active)]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const myLocation = () => {
    setLocationError(null);
    if (!('geolocation' in navigator)) {
      setLocationError('Your location is not available in this browser.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onChange({ label: 'My location', coordinate: { lat: position.coords.latitude, lng: position.coords.longitude } });
      },
      (err) => {
        setLocating(false);
        setLocationError(
          err.code === err.PERMISSION_DENIED
            ? 'Location access was denied. Allow it in your browser settings, or search for a place.'
            : 'Your location could not be found. Search for a place or pick it on the map.',
        );
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const expanded = open && (places.length > 0 || loading || !!error || text.trim().length >= 2);
  return (
    <div className="place-field">
      <label htmlFor={id}>{label}</label>
      <div className="place-field__combo">
        <input
          id={id}
          ref={inputRef}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          placeholder="Search for a town or locality"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            if (value) {
              clearedByTyping.current = true;
              onChange(null);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="place-field__list" hidden={!expanded}>
          {loading && places.length === 0 && <li className="place-field__note" role="presentation">Searching…</li>}
          {!loading && !error && places.length === 0 && <li className="place-field__note" role="presentation">No matching places</li>}
          {error && <li className="place-field__note" role="presentation">Search failed: {(error as Error).message}</li>}
          {places.map((place, index) => (
            <li
              key={`${place.name}-${place.state}-${place.lgaCode ?? index}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`place-field__option${index === active ? ' is-active' : ''}`}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(place);
              }}
            >
              <strong>{place.name}</strong> <span className="muted">{place.state}{place.lgaName ? ` · ${place.lgaName}` : ''}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="place-field__actions">
        {/* The spoken name starts with the visible words, so speech users can say what they see. */}
        <button type="button" className="map-button map-button--small" aria-pressed={picking} onClick={onPickOnMap}>
          {picking ? 'Click the map…' : 'Pick on map'}
          <span className="visually-hidden"> for {label}</span>
        </button>
        <button type="button" className="map-button map-button--small" aria-label={`Use my location as ${label}`} onClick={myLocation} disabled={locating}>
          {locating ? 'Locating…' : 'My location'}
        </button>
        {actions}
      </div>
      {problem && <p id={`${id}-problem`} className="directions__error">{problem}</p>}
      {locationError && <p className="directions__error" role="alert">{locationError}</p>}
    </div>
  );
}
