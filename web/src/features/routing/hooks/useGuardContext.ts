import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router-dom';
import { useAuth } from '../../auth/auth-provider';
import { localDataStatusQuery } from '../../lga-data/api/lga-data-import';
import { lgaQuery } from '../../lgas/api/lga';
import type { GuardContext } from '../guards';
import type { RouteDef } from '../route-table';

/** Gathers what the route's guards need, fetching only the data those guards use. */
export function useGuardContext(def: RouteDef): GuardContext {
  const auth = useAuth();
  const location = useLocation();
  const params = useParams();
  const guards = def.guards ?? [];

  const needsLocalData = guards.includes('localData');
  const localData = useQuery({ ...localDataStatusQuery, enabled: needsLocalData });

  const routeLgaCode = guards.includes('lgaHadSubscription') ? (params.code ?? params.lgaCode ?? null) : null;
  const routeLga = useQuery(lgaQuery(routeLgaCode));

  return {
    status: auth.status,
    access: auth.access,
    path: `${location.pathname}${location.search}`,
    params,
    localDataInstalled: !needsLocalData ? true : localData.isPending ? undefined : localData.isError ? false : localData.data.installed,
    routeLgaCustomerStatus: routeLgaCode === null ? undefined : routeLga.isSuccess ? (routeLga.data?.customerStatus ?? 'none') : undefined,
  };
}
