// The onboarding pages open only for whom guard 8 lets through; everyone else is told why, with
// the next step that works (features/billing/onboarding-check.ts).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { useAuth } from '../../auth/auth-provider';
import { lgaQuery } from '../../lgas/api/lga';
import type { RouteDef } from '../../routing/route-table';
import { checkOnboarding, type OnboardingSubject } from '../onboarding-check';

/** The signed-in person's own address (an address in the link proves nothing) and the council named. */
function useOnboardingSubject(): OnboardingSubject | undefined {
  const auth = useAuth();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const email = auth.me?.email ?? null;
  const code = search.get('lga') ?? auth.me?.managed[0]?.lgaCode ?? auth.me?.lgaCode ?? null;
  const lga = useQuery(lgaQuery(code));
  if (auth.status === 'loading') return undefined;
  // /onboard with no council named shows the council picker; the email check still applies.
  if (location.pathname === '/onboard' && !search.has('lga')) return { email, lga: null, choosing: true };
  if (!code || lga.isError) return { email, lga: null };
  return lga.isSuccess ? { email, lga: lga.data } : undefined;
}

export function OnboardingGate({ def, children }: { def: RouteDef; children: ReactNode }) {
  const { access } = useAuth();
  const location = useLocation();
  const subject = useOnboardingSubject();
  if (!subject) return <PageLoader label="Checking your council…" />;
  const result = checkOnboarding(subject, { access, path: `${location.pathname}${location.search}` });
  switch (result.kind) {
    case 'allow':
      return <>{children}</>;
    case 'redirect':
      return <Navigate to={result.to} replace />;
    case 'error':
      return (
        <ErrorState title={def.title} message={result.message}>
          {result.detail && <p className="error-state__detail">{result.detail}</p>}
          {result.next?.map((step) => <Link key={step.to} to={step.to}>{step.label}</Link>)}
        </ErrorState>
      );
  }
}
