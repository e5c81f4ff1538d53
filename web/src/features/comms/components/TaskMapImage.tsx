// The map of a task's closures, and the PNG of it for the social post (read from the map canvas).
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMemo, useRef, useState } from 'react';
import { useAppConfig } from '../../../config/app-config';
import type { MapClosure } from '../../map/api/closure-fields';
import { closuresToFeatures } from '../../map/closure-display';
import { MapView } from '../../map/components/MapView';
import { bboxOfGeometry, FORBES_BBOX, type Bbox } from '../../map/geo';
import { CLOSURE_LAYERS, SOURCES } from '../../map/layers';

/** The bounding box of every region of the closures, a little padded. */
export function closuresBbox(closures: MapClosure[]): Bbox {
  let box: Bbox | null = null;
  for (const c of closures) {
    for (const r of c.regions) {
      const b = bboxOfGeometry(typeof r.geometry === 'string' ? JSON.parse(r.geometry) : r.geometry);
      if (!b) continue;
      box = box ? [Math.min(box[0], b[0]), Math.min(box[1], b[1]), Math.max(box[2], b[2]), Math.max(box[3], b[3])] : b;
    }
  }
  if (!box) return FORBES_BBOX;
  const pad = Math.max(box[2] - box[0], box[3] - box[1], 0.01) * 0.15;
  return [box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad];
}

/** Waits for the next frame to be drawn and reads it: WebGL keeps the picture only during 'render'. */
function canvasPng(map: MapLibreMap): Promise<string> {
  return new Promise((resolve, reject) => {
    map.once('render', () => {
      try {
        resolve(map.getCanvas().toDataURL('image/png'));
      } catch (error) {
        reject(error as Error);
      }
    });
    map.triggerRepaint();
  });
}

export function TaskMapImage({ closures, fileName }: { closures: MapClosure[]; fileName: string }) {
  const app = useAppConfig();
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const bbox = useMemo(() => closuresBbox(closures), [closures]);
  const sources = useMemo(() => {
    const f = closuresToFeatures(closures, Math.floor(Date.now() / 1000), null);
    return { [SOURCES.closureLines]: f.lines, [SOURCES.closurePoints]: f.points, [SOURCES.closureSymbols]: f.points };
  }, [closures]);

  const download = async () => {
    if (!mapRef.current) return;
    try {
      const url = await canvasPng(mapRef.current);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setProblem(null);
    } catch (error) {
      setProblem(`The map image could not be made: ${(error as Error).message}`);
    }
  };

  return (
    <section className="panel" aria-labelledby="task-map">
      <h2 id="task-map">Map image</h2>
      <div className="comms-task-map">
        <MapView
          styleUrl={app.mapStyle}
          initialBbox={bbox}
          sources={sources}
          layers={CLOSURE_LAYERS}
          label="Map of the task's closures"
          onReady={(map) => {
            mapRef.current = map;
            setReady(true);
          }}
        />
      </div>
      <div className="comms-actions">
        <button type="button" className="comms-button comms-button--secondary" disabled={!ready} onClick={() => void download()}>Download map image (PNG)</button>
      </div>
      {problem && <p role="alert" className="comms-error">{problem}</p>}
    </section>
  );
}
