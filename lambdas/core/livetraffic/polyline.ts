// Google's encoded polyline format, which the state's feed uses for the affected road
// (`encodedPolylines[].coords`): precision 5, latitude first. A string that does not decode to at
// least two positions in range is no line at all.
import type { Position } from '../roads/geo';

export function decodePolyline(encoded: string, maxPoints = 5000): Position[] | null {
  const out: Position[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number | null => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= encoded.length || shift > 30) return null;
      const byte = encoded.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) return null;
      result |= (byte & 0x1f) << shift;
      shift += 5;
      if (byte < 0x20) break;
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    const dLat = next();
    const dLng = next();
    if (dLat === null || dLng === null) return null;
    lat += dLat;
    lng += dLng;
    const position: Position = [lng / 1e5, lat / 1e5];
    if (Math.abs(position[0]) > 180 || Math.abs(position[1]) > 90) return null;
    out.push(position);
    if (out.length > maxPoints) return null;
  }
  return out.length >= 2 ? out : null;
}
