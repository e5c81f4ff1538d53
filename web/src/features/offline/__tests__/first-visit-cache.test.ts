import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstVisitBaseMap, isBaseMapUrl } from '../first-visit-cache';

const ORIGIN = 'http://127.0.0.1:3000';

/** A service worker container whose worker takes charge when the test says so. */
function fakeContainer(controlled: boolean) {
  const messages: unknown[] = [];
  const worker = { postMessage: (message: unknown) => messages.push(message) };
  const listeners: (() => void)[] = [];
  const container = {
    controller: controlled ? worker : null,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'controllerchange') listeners.push(listener);
    },
    takeCharge() {
      container.controller = worker;
      listeners.forEach((listener) => listener());
    },
  };
  return { container, messages };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('base-map URLs', () => {
  it('are the same-origin styles and tiles, not feeds, the API or other sites', () => {
    expect(isBaseMapUrl(new URL(`${ORIGIN}/map-style.json`), ORIGIN)).toBe(true);
    expect(isBaseMapUrl(new URL(`${ORIGIN}/map-style-dark.json`), ORIGIN)).toBe(true);
    expect(isBaseMapUrl(new URL(`${ORIGIN}/tiles/8/235/152.pbf`), ORIGIN)).toBe(true);
    expect(isBaseMapUrl(new URL(`${ORIGIN}/feeds/12900/map.json`), ORIGIN)).toBe(false);
    expect(isBaseMapUrl(new URL(`${ORIGIN}/graphql`), ORIGIN)).toBe(false);
    expect(isBaseMapUrl(new URL('https://tiles.example.org/tiles/8/235/152.pbf'), ORIGIN)).toBe(false);
  });
});

describe('a first visit', () => {
  it("hands the worker the base map it loaded before the worker took charge, once, in one message", () => {
    const { container, messages } = fakeContainer(false);
    const noted = firstVisitBaseMap(container as never, ORIGIN);
    noted.note(`${ORIGIN}/map-style.json`);
    noted.note('/tiles/8/235/152.pbf');
    noted.note('/tiles/8/235/152.pbf');
    noted.note(`${ORIGIN}/feeds/12900/map.json`);
    vi.advanceTimersByTime(5_000);
    expect(messages).toEqual([]);

    container.takeCharge();
    vi.advanceTimersByTime(1_000);
    expect(messages).toEqual([{ type: 'CACHE_URLS', payload: { urlsToCache: [`${ORIGIN}/map-style.json`, `${ORIGIN}/tiles/8/235/152.pbf`] } }]);
  });

  it('keeps handing over the tiles MapLibre asks for afterwards (its worker stays outside the service worker)', () => {
    const { container, messages } = fakeContainer(false);
    const noted = firstVisitBaseMap(container as never, ORIGIN);
    container.takeCharge();
    vi.advanceTimersByTime(1_000);
    expect(messages).toEqual([]);
    noted.note('/tiles/9/470/305.pbf');
    noted.note('/tiles/9/471/305.pbf');
    vi.advanceTimersByTime(1_000);
    expect(messages).toEqual([{ type: 'CACHE_URLS', payload: { urlsToCache: [`${ORIGIN}/tiles/9/470/305.pbf`, `${ORIGIN}/tiles/9/471/305.pbf`] } }]);
  });
});

describe('a return visit', () => {
  it('sends nothing: the worker already caches what the page asks for', () => {
    const { container, messages } = fakeContainer(true);
    const noted = firstVisitBaseMap(container as never, ORIGIN);
    noted.note('/tiles/8/235/152.pbf');
    vi.advanceTimersByTime(5_000);
    expect(messages).toEqual([]);
  });
});
