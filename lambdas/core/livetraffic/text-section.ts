// The state's hazards on a council's low-bandwidth page (/text/{lgaCode}): each one in the
// council, visibly the state's, in plain HTML, with the attribution, the recorded-data note and
// the age of the last good import when it is stale; and, for the council's closures, the state's
// reference of a hazard on the same stretch (that hazard is listed once, as the closure).
import type { ClosureRecord } from '../closures/types';
import { STATE_ATTRIBUTION, STATE_LICENCE_URL, STATE_SOURCE_NAME, type HazardRoad, type StateHazard } from './hazard';
import { sameStretchAs } from './public-file';

/** The importer runs every 5 minutes; three missed cycles make the data worth dating. */
export const STALE_AFTER_SECONDS = 15 * 60;

const KIND_TEXT: Record<StateHazard['kind'], string> = {
  incident: 'Incident',
  roadwork: 'Roadwork',
  majorevent: 'Major event',
  flood: 'Flood',
  fire: 'Fire',
  alpine: 'Alpine conditions',
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface StateHazardsOfCouncil {
  hazards: StateHazard[];
  /** The import's note when the data is recorded (the local stand-in), never the live feed's. */
  recorded?: string;
  /** Unix seconds of the last import every kind answered. */
  lastGoodAt?: number;
}

/** Per council closure id, "Also on Live Traffic NSW: {headline} (reference {id})". */
export function stateReferencesOf(hazards: readonly StateHazard[], closures: readonly ClosureRecord[]): Map<string, string> {
  const refs = new Map<string, string>();
  for (const hazard of hazards) {
    const closureId = sameStretchAs(hazard, closures);
    if (closureId && !refs.has(closureId)) refs.set(closureId, `Also on ${STATE_SOURCE_NAME}: ${hazard.headline} (reference ${hazard.id})`);
  }
  return refs;
}

const roadText = (road: HazardRoad) =>
  [road.mainStreet, road.crossStreet && road.secondLocation ? `between ${road.crossStreet} and ${road.secondLocation}` : road.crossStreet, road.suburb].filter(Boolean).join(', ');

function hazardItem(hazard: StateHazard): string {
  const lines = [
    `<b>${escapeHtml(KIND_TEXT[hazard.kind] ?? 'Hazard')} (${STATE_SOURCE_NAME}, reference ${escapeHtml(hazard.id)}): ${hazard.closesRoad ? 'road closed' : 'road open with care'}</b>`,
    escapeHtml(hazard.headline),
  ];
  if (hazard.roads[0]) lines.push(escapeHtml(roadText(hazard.roads[0])));
  if (hazard.advice.length > 0) lines.push(escapeHtml(hazard.advice.join('. ')));
  if (hazard.diversions) lines.push(`Diversion: ${escapeHtml(hazard.diversions)}`);
  return `<li>${lines.join('<br>')}</li>`;
}

/**
 * The section, or '' when the council has no state hazard apart from those its closures name.
 * Items stop at `budgetBytes` (the page's own limit), with a count of what was left out.
 */
export function renderStateHazardsSection(state: StateHazardsOfCouncil, closures: readonly ClosureRecord[], now: number, budgetBytes: number): string {
  const named = new Set(state.hazards.filter((h) => sameStretchAs(h, closures)).map((h) => h.id));
  const shown = state.hazards.filter((h) => !named.has(h.id)).sort((a, b) => Number(b.closesRoad) - Number(a.closesRoad) || a.id.localeCompare(b.id));
  if (shown.length === 0) return '';
  const notes = [`<p>The state's roadworks, incidents and other hazards: not the council's closures. ${escapeHtml(STATE_ATTRIBUTION.replace(/CC BY 4\.0\.$/, ''))}<a href="${STATE_LICENCE_URL}">CC BY 4.0</a>.</p>`];
  if (state.recorded) notes.push(`<p>${escapeHtml(state.recorded)}</p>`);
  if (state.lastGoodAt !== undefined && now - state.lastGoodAt > STALE_AFTER_SECONDS) {
    notes.push(`<p>Last updated from ${STATE_SOURCE_NAME} ${Math.round((now - state.lastGoodAt) / 60)} minutes ago: these hazards may be out of date.</p>`);
  }
  const encoder = new TextEncoder();
  let used = encoder.encode(notes.join('')).length + 200;
  let items = '';
  let count = 0;
  for (const hazard of shown) {
    const item = hazardItem(hazard);
    const size = encoder.encode(item).length;
    if (used + size > budgetBytes) break;
    items += item;
    used += size;
    count++;
  }
  const more = shown.length - count;
  return `<h2>${STATE_SOURCE_NAME} hazards (${shown.length})</h2>${notes.join('')}<ul>${items}</ul>${more > 0 ? `<p>and ${more} more: see the full map.</p>` : ''}`;
}
