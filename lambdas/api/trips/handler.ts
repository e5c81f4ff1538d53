// Saved trips domain (docs/alerts.md#saved-trips): the caller's own trips, routed on the road
// engine when saved. Signed-in callers only; every field acts on the caller's uid.
import { createResolverHandler } from '../resolver';
import { savedTripFields } from './saved-trips';

export const handler = createResolverHandler(savedTripFields);
