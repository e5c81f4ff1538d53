// The map as a browser test drives it: its element once drawn, a jump to a place that waits by
// polling (no promise kept across a re-render), and a click at a longitude and latitude.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

interface MapElement {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  __map: any;
  getBoundingClientRect(): { left: number; top: number };
}

export type LngLat = { lng: number; lat: number };

/** The page's first map, once it has drawn. */
export const mapOf = (page: Page) => page.locator('[data-testid="map"][data-map-ready="true"]').first();

/** Moves the map there and polls until it has settled at that centre and zoom. */
export async function jumpTo(page: Page, center: LngLat, zoom: number): Promise<void> {
  await mapOf(page).evaluate((el, [lng, lat, z]) => (el as unknown as MapElement).__map.jumpTo({ center: [lng, lat], zoom: z }), [center.lng, center.lat, zoom] as const);
  const rounded = (lng: number, lat: number, z: number) => [Number(lng.toFixed(3)), Number(lat.toFixed(3)), Math.round(z)];
  await expect
    .poll(
      () =>
        mapOf(page).evaluate((el) => {
          const map = (el as unknown as MapElement).__map;
          const c = map.getCenter();
          return map.loaded() && !map.isMoving() ? [c.lng, c.lat, map.getZoom()] : [];
        }),
      { timeout: 20_000 },
    )
    .toSatisfy((at: number[]) => at.length === 3 && JSON.stringify(rounded(at[0], at[1], at[2])) === JSON.stringify(rounded(center.lng, center.lat, zoom)));
}

/** Clicks the map where the point is drawn. */
export async function clickAt(page: Page, point: LngLat): Promise<void> {
  await clickOn(page, mapOf(page), point);
}

/** Clicks that map element (one of several on the page) where the point is drawn. */
export async function clickOn(page: Page, map: Locator, point: LngLat): Promise<void> {
  // A camera still easing (a route's fit, a flight) would carry the point away between the
  // projection and the click: wait until the map stands still.
  await expect.poll(() => map.evaluate((el) => !(el as unknown as MapElement).__map.isMoving()), { timeout: 20_000 }).toBe(true);
  const { x, y } = await map.evaluate((el, [lng, lat]) => {
    const element = el as unknown as MapElement;
    const p = element.__map.project([lng, lat]);
    const rect = element.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }, [point.lng, point.lat] as const);
  await page.mouse.click(x, y);
}
