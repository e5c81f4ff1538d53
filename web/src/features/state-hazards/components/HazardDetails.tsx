// One state hazard in full, as Live Traffic NSW describes it: what and where, the lanes and
// directions affected, when works may close lanes, the state's advice and diversions, and how we
// drew its stretch. Read-only for everyone: the state is its only author. Every text is the
// state's, made plain by the importer and shown as text (never as markup).
import { formatTimestamp } from '../../map/format';
import type { PublicHazard, StateHazardFile } from '../api/state-hazards';
import { KIND_LABELS, lanesText, periodText, roadText, staleNotice } from '../hazard-view';

interface Props {
  hazard: PublicHazard;
  file: StateHazardFile;
  onClose(): void;
}

export function HazardDetails({ hazard, file, onClose }: Props) {
  const stale = staleNotice(file, Math.floor(Date.now() / 1000));
  return (
    <section className="closure-detail state-hazard-detail" aria-label={`${file.sourceName} hazard details`} data-hazard-id={hazard.id}>
      <header className="closure-detail__header">
        <span className="state-hazard-badge" aria-hidden="true">!</span>
        <h2>{KIND_LABELS[hazard.kind] ?? 'Hazard'}</h2>
        <button type="button" className="closure-detail__close" onClick={onClose} aria-label="Close details">×</button>
      </header>
      <p className="state-hazard-detail__source">
        From {file.sourceName} (reference {hazard.id}): the state's, not a council closure.
      </p>
      <dl className="closure-detail__facts">
        <dt>What</dt>
        <dd>{hazard.headline}</dd>
        <dt>Road</dt>
        <dd>{hazard.closesRoad ? 'Closed' : 'Open: lanes or traffic affected'}</dd>
        {hazard.roads.length > 0 && (<><dt>Where</dt>{hazard.roads.map((road, i) => <dd key={i}>{roadText(road)}</dd>)}</>)}
        {hazard.lanes.length > 0 && (<><dt>Lanes and direction</dt>{hazard.lanes.map((lanes, i) => <dd key={i}>{lanesText(lanes)}</dd>)}</>)}
        {hazard.periods.length > 0 && (<><dt>When</dt>{hazard.periods.map((period, i) => <dd key={i}>{periodText(period)}</dd>)}</>)}
        {hazard.speedLimit != null && (<><dt>Speed limit</dt><dd>{hazard.speedLimit} km/h</dd></>)}
        {hazard.advice.length > 0 && (
          <>
            <dt>Advice</dt>
            <dd>
              <ul className="state-hazard-detail__advice">{hazard.advice.map((line, i) => <li key={i}>{line}</li>)}</ul>
            </dd>
          </>
        )}
        <dt>Diversions</dt>
        <dd>{hazard.diversions ?? 'None given by the state'}</dd>
        {hazard.start != null && (<><dt>Starts</dt><dd>{formatTimestamp(hazard.start)}</dd></>)}
        {hazard.end != null && (<><dt>Expected to end</dt><dd>{formatTimestamp(hazard.end)}</dd></>)}
        {hazard.lastUpdated != null && (<><dt>Updated by the state</dt><dd>{formatTimestamp(hazard.lastUpdated)}</dd></>)}
        <dt>On the map</dt>
        <dd>{hazard.geometryNote}</dd>
      </dl>
      {file.recorded && <p className="state-hazards__recorded">{file.recorded}</p>}
      {stale && <p className="state-hazards__stale">{stale}</p>}
      <p className="state-hazards__attribution">
        {file.attribution.replace(/CC BY 4\.0\.?$/, '')}
        <a href={file.licence} target="_blank" rel="noreferrer">CC BY 4.0</a>.
      </p>
    </section>
  );
}
