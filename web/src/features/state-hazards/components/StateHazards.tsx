// The state's hazards (Live Traffic NSW) beside a council's closures, loaded only once the map is
// up: the map layers (handed to the page's map through `onMap`), the list of hazards in and around
// the view with the state's source, licence, recorded-data note and age, and a hazard's details.
// Nothing here edits anything: these are the state's, shown as the state publishes them.
import { useQuery } from '@tanstack/react-query';
import type * as GeoJSON from 'geojson';
import type { LayerSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { distanceMetres, formatDistance, type Bbox, type LngLat } from '../../map/geo';
import { stateHazardsQuery, type PublicHazard } from '../api/state-hazards';
import { hazardFeatures, hazardsShown, KIND_LABELS, roadText, staleNotice, stateReferences } from '../hazard-view';
import { HAZARD_CLICK_LAYERS, HAZARD_LAYERS, HAZARD_SOURCES } from '../layers';
import { HazardDetails } from './HazardDetails';
import '../state-hazards.css';

/** What the page's map draws of the state's hazards, and the references its closures name. */
export interface HazardMap {
  sources: Record<string, GeoJSON.FeatureCollection>;
  layers: LayerSpecification[];
  click: string[];
  /** The state's credit (CC BY 4.0) for the map's attribution corner, per hazard source. */
  attributions: Record<string, string>;
  /** Per council closure id: "Also on Live Traffic NSW: …". */
  refs: Record<string, string>;
}

export interface StateHazardsProps {
  /** "list": the list (and the map data); "details": the selected hazard. */
  part: 'list' | 'details';
  bbox: Bbox | null;
  center?: LngLat | null;
  selectedId: string | null;
  onSelect(id: string | null): void;
  onMap?(map: HazardMap): void;
  onFocus?(center: LngLat): void;
}

function HazardList({ bbox, center, selectedId, onSelect, onMap, onFocus }: StateHazardsProps) {
  const file = useQuery(stateHazardsQuery).data;
  const shown = useMemo(() => hazardsShown(file, bbox), [file, bbox]);
  const features = useMemo(() => hazardFeatures(shown, selectedId), [shown, selectedId]);
  const refs = useMemo(() => stateReferences(file), [file]);
  useEffect(() => {
    if (!file) return;
    const credit = { [HAZARD_SOURCES.lines]: file.attribution, [HAZARD_SOURCES.points]: file.attribution };
    onMap?.({ sources: { [HAZARD_SOURCES.lines]: features.lines, [HAZARD_SOURCES.points]: features.points }, attributions: credit, layers: HAZARD_LAYERS, click: HAZARD_CLICK_LAYERS, refs });
  }, [file, features, refs, onMap]);
  // A link to one hazard (a subscriber's alert: /map?hazard=…) opens it on the map, once: the
  // file read again every 5 minutes must not reopen what the visitor closed.
  const linkOpened = useRef(false);
  useEffect(() => {
    if (!file || linkOpened.current) return;
    linkOpened.current = true;
    const linked = new URLSearchParams(window.location.search).get('hazard');
    const hazard = linked ? file.hazards.find((h) => h.id === linked) : undefined;
    if (!hazard) return;
    onSelect(hazard.id);
    onFocus?.(hazard.position);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);
  if (!file) return null;
  const rows = shown
    .map((hazard) => ({ hazard, distance: center ? distanceMetres(center, hazard.position) : 0 }))
    .sort((a, b) => a.distance - b.distance);
  const stale = staleNotice(file, Math.floor(Date.now() / 1000));
  const select = (hazard: PublicHazard) => {
    onSelect(hazard.id);
    onFocus?.(hazard.position);
  };
  return (
    <section className="state-hazards" aria-labelledby="state-hazards-title">
      <h2 className="closure-list__title" id="state-hazards-title">
        {file.sourceName} hazards in this area <span className="muted">({rows.length})</span>
      </h2>
      <p className="state-hazards__legend">
        <span className="state-hazard-badge" aria-hidden="true">!</span> The state's roadworks, incidents and other hazards, drawn in teal: a solid line where the
        road is closed, dashed where lanes are affected. Not the council's closures, and not edited here.
      </p>
      {file.recorded && <p className="state-hazards__recorded" data-testid="state-hazards-recorded">{file.recorded}</p>}
      {stale && <p className="state-hazards__stale" role="status">{stale}</p>}
      {rows.length === 0 ? (
        <p className="closure-list__empty">No {file.sourceName} hazards in this area</p>
      ) : (
        <ul className="closure-list__items">
          {rows.map(({ hazard, distance }) => (
            <li key={hazard.id}>
              <button type="button" className={`closure-list__item${hazard.id === selectedId ? ' is-selected' : ''}`} aria-pressed={hazard.id === selectedId} data-hazard-id={hazard.id} onClick={() => select(hazard)}>
                <span className="state-hazard-badge" aria-hidden="true">!</span>
                <span className="closure-list__body">
                  <strong>{KIND_LABELS[hazard.kind] ?? 'Hazard'}: {hazard.closesRoad ? 'road closed' : 'road open with care'}</strong>
                  <span className="closure-list__address">{hazard.headline}</span>
                  {hazard.roads[0] && <span className="closure-list__reason">{roadText(hazard.roads[0])}</span>}
                  {center && <span className="muted closure-list__distance">{formatDistance(distance)} from the map centre</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="state-hazards__attribution">
        {file.attribution.replace(/CC BY 4\.0\.?$/, '')}
        <a href={file.licence} target="_blank" rel="noreferrer">CC BY 4.0</a>.
      </p>
    </section>
  );
}

function SelectedHazard({ selectedId, onSelect }: StateHazardsProps) {
  const file = useQuery(stateHazardsQuery).data;
  const hazard = selectedId ? file?.hazards.find((h) => h.id === selectedId) : undefined;
  if (!file || !hazard) return null;
  return <HazardDetails hazard={hazard} file={file} onClose={() => onSelect(null)} />;
}

export default function StateHazards(props: StateHazardsProps) {
  return props.part === 'list' ? <HazardList {...props} /> : <SelectedHazard {...props} />;
}
