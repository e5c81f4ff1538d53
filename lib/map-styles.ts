// The base layers a user can pick in /profile/map-view, and where each one's style lives: the
// pre-built styles next to the site (and served by the local stack), or Amazon Location's
// matching styles when the stack is deployed with one. /config.json lists them as app.mapStyles.

/** The base layers, the default first. */
export const BASE_LAYER_IDS = ['streets', 'minimal'] as const;
export type BaseLayerId = (typeof BASE_LAYER_IDS)[number];

/** Each base layer's pre-built style, root-relative. */
export const MAP_STYLE_PATHS: Record<BaseLayerId, string> = {
  streets: '/map-style.json',
  minimal: '/map-style-minimal.json',
};

/** Amazon Location Maps v2 styles for each base layer ("streets" keeps the configured style). */
const AMAZON_LOCATION_STYLES: Record<BaseLayerId, string | null> = { streets: null, minimal: 'Monochrome' };

/**
 * The style URL of every base layer. With an Amazon Location descriptor URL
 * (.../v2/styles/<Style>/descriptor?key=...), the other layers use the same key and region.
 */
export function mapStyleUrls(amazonLocationUrl?: string): Record<BaseLayerId, string> {
  if (!amazonLocationUrl) return { ...MAP_STYLE_PATHS };
  const urls = {} as Record<BaseLayerId, string>;
  for (const id of BASE_LAYER_IDS) {
    const style = AMAZON_LOCATION_STYLES[id];
    urls[id] = style ? amazonLocationUrl.replace(/\/styles\/[^/]+\//, `/styles/${style}/`) : amazonLocationUrl;
  }
  return urls;
}
