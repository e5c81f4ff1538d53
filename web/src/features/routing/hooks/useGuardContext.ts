import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router-dom';
import { useAuth } from '../../auth/auth-provider';
import { localDataStatusQuery } from '../../lga-data/api/lga-data-import';
import { lgaQuery } from '../../lgas/api/lga';
import type { GuardContext, OnboardingSubject } from '../guards';
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

  const onboarding = guards.includes('newCustomer');
  const search = new URLSearchParams(location.search);
  // The signed-in person's own address only: an address in the link proves nothing.
  const onboardingEmail = auth.me?.email ?? null;
  const onboardingLgaCode = onboarding ? (search.get('lga') ?? auth.me?.managed[0]?.lgaCode ?? auth.me?.lgaCode ?? null) : null;
  const onboardingLga = useQuery(lgaQuery(onboardingLgaCode));

  // /onboard with no council named shows the council picker (the page); the email check still applies.
  const choosing = onboarding && location.pathname === '/onboard' && !search.has('lga');

  let onboardingSubject: OnboardingSubject | undefined;
  if (onboarding && auth.status !== 'loading') {
    if (choosing) onboardingSubject = { email: onboardingEmail, lga: null, choosing: true };
    else if (!onboardingLgaCode) onboardingSubject = { email: onboardingEmail, lga: null };
    else if (onboardingLga.isSuccess) onboardingSubject = { email: onboardingEmail, lga: onboardingLga.data };
    else if (onboardingLga.isError) onboardingSubject = { email: onboardingEmail, lga: null };
  }

  return {
    status: auth.status,
    access: auth.access,
    path: `${location.pathname}${location.search}`,
    params,
    localDataInstalled: !needsLocalData ? true : localData.isPending ? undefined : localData.isError ? false : localData.data.installed,
    onboarding: onboardingSubject,
    routeLgaCustomerStatus: routeLgaCode === null ? undefined : routeLga.isSuccess ? (routeLga.data?.customerStatus ?? 'none') : undefined,
  };
}
