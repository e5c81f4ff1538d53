// The anonymous page-view counter every page sends. Its own module because the app shell loads it
// on the first paint: the enquiry forms and the admin screens stay out of the initial JavaScript.
import { gql } from '../../../lib/api';

/** Counts a view of a route pattern; failures are ignored (counting must never get in the way). */
export function recordPageView(route: string): void {
  gql(`mutation($route: String!) { recordPageView(route: $route) }`, { route }).catch(() => undefined);
}
