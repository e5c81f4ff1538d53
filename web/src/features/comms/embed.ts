// The embed snippet councils paste into their website: an iframe of /lga-embed with the options.
import { EMBED_PATH } from './embed-path';
export interface EmbedOptions {
  lgaCode: string;
  /** Pixels, 300 to 1200. */
  height: number;
  first: 'map' | 'list';
  directions: boolean;
}

export const MIN_EMBED_HEIGHT = 300;
export const MAX_EMBED_HEIGHT = 1200;

export const clampHeight = (value: number) => Math.min(MAX_EMBED_HEIGHT, Math.max(MIN_EMBED_HEIGHT, Math.round(Number.isFinite(value) ? value : 600)));

export function embedPath(o: EmbedOptions): string {
  const params = new URLSearchParams({ lga: o.lgaCode, first: o.first, directions: o.directions ? '1' : '0' });
  return `${EMBED_PATH}?${params.toString()}`;
}

/**
 * True when the embed is inside a page of this app itself: the staff's preview on the website
 * integration screen. A visit is a resident seeing the map on the council's site (or opening its
 * address); the council's own preview is not one. A frame of another origin cannot read its
 * parent's location, which throws.
 */
export function framedByThisApp(win: Window = window): boolean {
  if (win.parent === win) return false;
  try {
    return win.parent.location.origin === win.location.origin;
  } catch {
    return false;
  }
}

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function embedSnippet(origin: string, o: EmbedOptions, lgaName: string): string {
  const height = clampHeight(o.height);
  return `<iframe src="${attr(origin + embedPath(o))}" title="${attr(`Road closures in ${lgaName}`)}" width="100%" height="${height}" style="border:0;max-width:100%" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
}

/** What /lga-embed reads from its query string; anything odd falls back to the defaults. */
export function readEmbedParams(search: string): { lgaCode: string | null; first: 'map' | 'list'; directions: boolean } {
  const params = new URLSearchParams(search);
  const lga = params.get('lga');
  return {
    lgaCode: lga && /^\d{5}$/.test(lga) ? lga : null,
    first: params.get('first') === 'list' ? 'list' : 'map',
    directions: params.get('directions') !== '0',
  };
}

export const FEED_FILES = [
  ['closures.geojson', 'GeoJSON (RFC 7946) of active closures'],
  ['wzdx.json', 'WZDx 4.2 Work Zone Feed'],
  ['waze.xml', 'Waze partner closures feed (CIFS XML)'],
] as const;

export const feedUrl = (origin: string, scope: string, file: string) => `${origin}/feeds/${scope}/${file}`;
