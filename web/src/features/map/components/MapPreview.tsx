// The closures' first drawing on the map, while MapLibre and its worker are still starting (up to
// a second or two on a phone): the same lines and dots, in the same colours and sizes as the
// closure layers (layers.ts), drawn as SVG at the pixels MapLibre will use. MapView removes it as
// soon as MapLibre has drawn its own closure layer. Hidden from assistive technology: the list
// beside the map is the closures' accessible form, and MapLibre's canvas takes over a moment later.
import type * as GeoJSON from 'geojson';
import type { Projector } from '../preview-projection';

interface Props {
  lines?: GeoJSON.FeatureCollection;
  points?: GeoJSON.FeatureCollection;
  project: Projector;
}

type Properties = { colour?: unknown; state?: unknown; selected?: unknown } | null;

const colourOf = (p: Properties) => (typeof p?.colour === 'string' ? p.colour : '#c62828');

function pathOf(coordinates: GeoJSON.Position[], project: Projector): string {
  return coordinates
    .map(([lng, lat], i) => {
      const [x, y] = project(lng!, lat!);
      return `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join('');
}

function linePaths(feature: GeoJSON.Feature, project: Projector): string[] {
  const g = feature.geometry;
  if (g?.type === 'LineString') return [pathOf(g.coordinates, project)];
  if (g?.type === 'MultiLineString') return g.coordinates.map((line) => pathOf(line, project));
  return [];
}

export function MapPreview({ lines, points, project }: Props) {
  const lineFeatures = lines?.features ?? [];
  const pointFeatures = points?.features ?? [];
  if (lineFeatures.length + pointFeatures.length === 0) return null;
  return (
    <svg className="map-view__preview" data-testid="map-preview" aria-hidden="true" focusable="false">
      {lineFeatures.flatMap((feature, i) => {
        const p = feature.properties as Properties;
        const selected = p?.selected === true;
        const scheduled = p?.state === 'scheduled';
        const width = scheduled ? (selected ? 7 : 4) : selected ? 8 : 5;
        return linePaths(feature, project).map((d, j) => (
          <g key={`${i}:${j}`} fill="none" strokeLinecap="round" strokeLinejoin="round">
            <path d={d} stroke="#ffffff" strokeOpacity={0.9} strokeWidth={selected ? 12 : 8} />
            <path d={d} stroke={colourOf(p)} strokeWidth={width} strokeDasharray={scheduled ? `${2 * width} ${1.5 * width}` : undefined} />
          </g>
        ));
      })}
      {pointFeatures.map((feature, i) => {
        if (feature.geometry?.type !== 'Point') return null;
        const p = feature.properties as Properties;
        const [lng, lat] = feature.geometry.coordinates;
        const [x, y] = project(lng!, lat!);
        // MapLibre strokes a circle outside its radius; SVG strokes across the edge.
        return <circle key={i} data-id={String((p as { id?: unknown } | null)?.id ?? '')} cx={x} cy={y} r={(p?.selected === true ? 13 : 10) + 1} fill={colourOf(p)} stroke="#ffffff" strokeWidth={2} />;
      })}
    </svg>
  );
}
