// The Waze partner closures feed (Google's CIFS XML): every active closure with all lanes closed,
// one ROAD_CLOSED incident per region, closed in both directions. Ids are letters and digits,
// stable over the closure's life; the polyline is "lat lon" pairs in the region's drawn order;
// times are ISO 8601 to the second with a zone offset; the street is the road's name.
import { closureTypeOf, type ClosureRecord } from '../../closures/types';
import { cifsIncidentId } from './ids';
import { cifsClosureOf, closureDescription, expectedReopening, publicRoadName, publishableRegions, startOf } from './terms';
import { cifsTime, type FeedContext } from './context';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]);

function incidentsOf(c: ClosureRecord, now: number): string[] {
  const closure = cifsClosureOf(c);
  const street = publicRoadName(c);
  // CIFS requires the street's name; a road with none cannot be described truthfully.
  if (!closure || !street) return [];
  // Only a reopening still ahead: a past end time would tell Waze the road is open again.
  const reopening = expectedReopening(c, now);
  const description = [closureTypeOf(c.type).text, closureDescription(c)].filter(Boolean).join(': ');
  return publishableRegions(c).map((region) => {
    const polyline = region.geometry.coordinates.map(([lng, lat]) => `${lat.toFixed(6)} ${lng.toFixed(6)}`).join(' ');
    return [
      `  <incident id="${cifsIncidentId(c.id, region.id)}">`,
      `    <creationtime>${cifsTime(c.createdAt)}</creationtime>`,
      `    <updatetime>${cifsTime(c.updatedAt)}</updatetime>`,
      `    <type>${closure.type}</type>`,
      `    <subtype>${closure.subtype}</subtype>`,
      `    <description>${xmlEscape(description)}</description>`,
      `    <location>`,
      `      <street>${xmlEscape(street)}</street>`,
      `      <polyline>${polyline}</polyline>`,
      `      <direction>BOTH_DIRECTIONS</direction>`,
      `    </location>`,
      `    <starttime>${cifsTime(startOf(c))}</starttime>`,
      ...(reopening !== null ? [`    <endtime>${cifsTime(reopening)}</endtime>`] : []),
      `  </incident>`,
    ].join('\n');
  });
}

export function wazeFeed(closures: ClosureRecord[], ctx: FeedContext): string {
  const incidents = closures.flatMap((c) => incidentsOf(c, ctx.now));
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<incidents>', ...incidents, '</incidents>', ''].join('\n');
}
