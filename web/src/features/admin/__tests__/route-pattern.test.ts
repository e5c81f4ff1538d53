import { describe, expect, it } from 'vitest';
import { routePatternOf } from '../hooks/useRoutePattern';

describe('routePatternOf', () => {
  it('counts a page by its route pattern, never by the ids in its URL', () => {
    expect(routePatternOf('/closures/3f2a9c1e-1111-4222-8333-944455556666/detail')).toBe('/closures/:id/detail');
    expect(routePatternOf('/lga/12900/accounts')).toBe('/lga/:code/accounts');
    expect(routePatternOf('/admin/enquiries')).toBe('/admin/enquiries');
    expect(routePatternOf('/closures/active')).toBe('/closures/active');
    expect(routePatternOf('/map')).toBe('/map');
  });

  it('puts unknown addresses together as /404', () => {
    expect(routePatternOf('/no/such/page/jane@example.com')).toBe('/404');
  });
});
