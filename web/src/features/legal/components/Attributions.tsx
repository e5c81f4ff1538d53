import { ABS_LGA_ATTRIBUTION, ABS_PLACES_ATTRIBUTION, GEONAMES_ATTRIBUTION, OSM_ATTRIBUTION } from '../attributions';

export function Attributions() {
  return (
    <section aria-labelledby="attributions-title">
      <h2 id="attributions-title">Data attributions</h2>
      <ul>
        <li>
          Roads and map data: {OSM_ATTRIBUTION}. OpenStreetMap data is available under the{' '}
          <a href="https://opendatacommons.org/licenses/odbl/1-0/" rel="noreferrer" target="_blank">Open Database Licence</a>.
        </li>
        <li>Council boundaries: {ABS_LGA_ATTRIBUTION}</li>
        <li>Place names: {ABS_PLACES_ATTRIBUTION} {GEONAMES_ATTRIBUTION}</li>
      </ul>
    </section>
  );
}
