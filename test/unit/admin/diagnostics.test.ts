// Diagnostics and analytics keep no personal data: route patterns, browser names, fingerprints.
import { describe, expect, it } from 'vitest';
import { browserOf, dayOf, errorFingerprint, hourOf, routePattern } from '../../../lambdas/core/admin/diagnostics';

describe('routePattern', () => {
  it.each([
    ['http://127.0.0.1:3000/closures/3f2a9c1e-1111-4222-8333-944455556666/detail?token=x#y', '/closures/:id/detail'],
    ['/lga/12900/accounts', '/lga/:id/accounts'],
    ['/reports/42', '/reports/:id'],
    ['/admin/enquiries?kind=FEEDBACK', '/admin/enquiries'],
    ['/closures/:id/detail', '/closures/:id/detail'],
    ['/map', '/map'],
    ['/', '/'],
    ['/search/jane.doe@example.com', '/search/:id'],
    ['/notifications/01HX9ZQ8K4M2N6P7R', '/notifications/:id'],
    ['/a/b/c/d/e/f/g/h', '/a/b/c/d/e/f'],
  ])('%s → %s', (input, expected) => {
    expect(routePattern(input)).toBe(expected);
  });
});

describe('browserOf', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68', 'Edge 130'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari 17 (mobile)'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133'],
    ['curl/8.0', 'Other'],
    [undefined, 'Unknown'],
  ])('%s → %s', (ua, expected) => {
    expect(browserOf(ua)).toBe(expected);
  });
});

describe('errorFingerprint', () => {
  const stack = (file: string, line: number) => `TypeError: x is undefined\n    at render (${file}:${line}:10)\n    at other (b.js:1:1)`;
  it('is the same for the same message at the same place, whatever the later frames', () => {
    expect(errorFingerprint('TypeError: x is undefined', stack('a.js', 3))).toBe(errorFingerprint('TypeError: x is undefined', `${stack('a.js', 3)}\n    at more (c.js:9:9)`));
    expect(errorFingerprint('TypeError: x is undefined', stack('http://h/a.js?v=1', 3))).toBe(errorFingerprint('TypeError: x is undefined', stack('http://h/a.js?v=2', 3)));
  });
  it('differs for another message or another place', () => {
    expect(errorFingerprint('A', stack('a.js', 3))).not.toBe(errorFingerprint('B', stack('a.js', 3)));
    expect(errorFingerprint('A', stack('a.js', 3))).not.toBe(errorFingerprint('A', stack('a.js', 4)));
  });
});

it('keys counters by UTC day and hour', () => {
  expect(dayOf(Date.UTC(2026, 10, 25, 23, 59) / 1000)).toBe('2026-11-25');
  expect(hourOf(Date.UTC(2026, 10, 25, 3, 5) / 1000)).toBe('2026-11-25T03');
});
