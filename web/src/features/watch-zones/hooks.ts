import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-provider';
import { rememberedRead } from '../offline/remembered-reads';
import { fetchWatchZones, watchZonesKey } from './api/watch-zones';

/** The person's watched areas; offline, the list this device last read for them. */
export function useWatchZones() {
  const { status, me } = useAuth();
  const owner = me?.uid ?? null;
  return useQuery({
    queryKey: watchZonesKey,
    queryFn: () => rememberedRead('watchZones', owner, fetchWatchZones),
    enabled: status === 'signedIn',
  });
}
