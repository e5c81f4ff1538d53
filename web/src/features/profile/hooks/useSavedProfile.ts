// The signed-in user's saved settings for screens that are not settings pages: the map options
// every map opens with (zoom and base layer), and the vehicle mass the route planner sends.
// Visitors get none.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '../../auth/auth-provider';
import { profileQuery, type Profile } from '../../identity/api/identity';
import { useAppConfig } from '../../../config/app-config';
import { parseMapOptions, styleUrlFor, type MapOptions } from '../map-options';

export function useSavedProfile(): Profile | null {
  const { status } = useAuth();
  const signedIn = status === 'signedIn';
  const query = useQuery({ ...profileQuery, enabled: signedIn, staleTime: 60_000 });
  return signedIn ? (query.data ?? null) : null;
}

/** The saved map options, or null when there are none (a visitor, or nothing saved yet). */
export function useSavedMapOptions(): MapOptions | null {
  const profile = useSavedProfile();
  const raw = profile?.mapOptions;
  return useMemo(() => (raw === null || raw === undefined ? null : parseMapOptions(raw)), [raw]);
}

/** The base map style URL of the saved base layer; the default style for visitors. */
export function useSavedMapStyle(): string {
  const app = useAppConfig();
  return styleUrlFor(useSavedMapOptions()?.baseLayer, app);
}

/** The vehicle's gross mass in tonnes the resident saved, if any. */
export function useVehicleGvm(): number | undefined {
  return useSavedProfile()?.vehicleGvm ?? undefined;
}
