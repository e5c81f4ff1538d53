// Directions domain: routes that keep off closed roads, and the place search of the
// directions form. Public: anyone may ask, signed in or not.
import { AppError, isAppError } from '../../core/errors';
import { DirectionsArgs, SearchPlacesArgs } from '../../core/directions/input';
import { searchPlaces } from '../../core/directions/places';
import { offGraphLocations, planTrip, TripClosures, type TripPlan } from '../../core/directions/trip';
import { TripUnsealed } from '../../core/directions/unsealed';
import { getRoadEngine } from '../../core/roads/engine';
import { amazonLocationRoutesEnabled, amazonTrip } from '../../adapters/directions/amazon-location';
import { tableClosureSource } from '../../adapters/directions/closures';
import { placeIndex } from '../../adapters/directions/places';
import { unsealedRules } from '../../adapters/directions/unsealed-rules';
import { createResolverHandler, field, logger } from '../resolver';

const nowSeconds = () => Math.floor(Date.now() / 1000);
export const DIRECTIONS_FAILED = 'Unable to calculate directions. Please try again.';

function present(plan: TripPlan) {
  return {
    geometry: JSON.stringify(plan.geometry),
    distance: plan.distance,
    duration: plan.duration,
    steps: plan.steps.map((s) => ({ instruction: s.instruction, name: s.name || null, distance: s.distance, duration: s.duration })),
    avoidedClosureIds: plan.avoidedClosureIds,
    crossesClosureIds: plan.crossesClosureIds,
    unsealedAvoidedLgaCodes: plan.unsealedAvoidedLgaCodes ?? [],
  };
}

export const handler = createResolverHandler({
  directions: field({
    args: DirectionsArgs,
    access: 'public',
    async resolve({ args }) {
      const now = nowSeconds();
      const closures = new TripClosures(tableClosureSource(now), now);
      const request = {
        locations: args.locations,
        avoidLocations: args.avoidLocations,
        avoidPolygons: args.avoidPolygons,
        avoidClosures: args.avoidClosures,
      };
      try {
        const engine = getRoadEngine();
        const viaAmazon = amazonLocationRoutesEnabled() && offGraphLocations(engine, args.locations).length > 0;
        // The vehicle's mass only matters on the road engine's graph, which knows road surfaces.
        const unsealed = args.vehicleMass === undefined ? undefined : new TripUnsealed(engine, unsealedRules(now), args.vehicleMass);
        const plan = viaAmazon ? await amazonTrip(request, closures) : await planTrip(engine, closures, request, unsealed);
        logger.info('directions', {
          provider: viaAmazon ? 'amazon-location' : 'road-engine',
          locations: args.locations.length,
          closureReads: closures.reads,
          closuresKnown: closures.all().length,
          avoided: plan.avoidedClosureIds.length,
          crosses: plan.crossesClosureIds.length,
          vehicleMass: args.vehicleMass,
          unsealedAvoided: plan.unsealedAvoidedLgaCodes?.length ?? 0,
        });
        return present(plan);
      } catch (error) {
        // Spec §8: the function's own message goes to the user; this wording goes to the log.
        const logged = `Failed to calculate directions: ${(error as Error)?.message ?? String(error)}`;
        if (isAppError(error)) {
          logger.info(logged, { errorType: error.errorType });
          throw error;
        }
        logger.error(logged, { error: error as Error });
        throw new AppError('Internal', DIRECTIONS_FAILED);
      }
    },
  }),

  searchPlaces: field({
    args: SearchPlacesArgs,
    access: 'public',
    async resolve({ args }) {
      return searchPlaces(placeIndex(), args.query, args.limit);
    },
  }),
});
