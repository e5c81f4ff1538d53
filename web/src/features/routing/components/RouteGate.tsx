import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, generatePath, useLocation, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { useAuth } from '../../auth/auth-provider';
import { evaluateGuards, signedInRedirect, type GuardResult } from '../guards';
import { useGuardContext } from '../hooks/useGuardContext';
import type { RouteDef } from '../route-table';

const waitingLabels: Record<string, string> = {
  auth: 'Checking your account…',
  localData: 'Checking council data…',
  newCustomer: 'Checking your council…',
  lgaHadSubscription: "Checking your council's subscription…",
};

function Gate({ def, children }: { def: RouteDef; children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const ctx = useGuardContext(def);
  const guards = def.guards ?? [];

  if (auth.meError && guards.length > 0) {
    return (
      <ErrorState title="We could not load your account" message={auth.meError.message} onRetry={() => void auth.refresh()}>
        <Link to="/logout">Sign out</Link>
      </ErrorState>
    );
  }

  let result: GuardResult = signedInRedirect(def.signedInRedirect, ctx, location.search);
  if (result.kind === 'allow') result = evaluateGuards(guards, ctx);

  switch (result.kind) {
    case 'allow':
      return <>{children}</>;
    case 'pending':
      return <PageLoader label={waitingLabels[result.waitingFor] ?? 'Loading…'} />;
    case 'redirect':
      return <Navigate to={result.to} replace />;
    case 'error':
      return <ErrorState title={def.title} message={result.message} />;
  }
}

function RedirectRoute({ def }: { def: RouteDef }) {
  const params = useParams();
  const { status } = useAuth();
  if (def.rootSwitch) {
    if (status === 'loading') return <PageLoader label="Checking your account…" />;
    return <Navigate to={status === 'signedIn' ? '/dashboard' : '/home'} replace />;
  }
  return <Navigate to={generatePath(def.redirect!, params as Record<string, string>)} replace />;
}

/** Applies one route's redirects and guards, then renders its page. */
export function RouteGate({ def, children }: { def: RouteDef; children: ReactNode }) {
  useEffect(() => {
    document.title = def.title === 'Road Closures' ? 'Road Closures' : `${def.title} · Road Closures`;
  }, [def.title]);
  if (def.rootSwitch || def.redirect) return <RedirectRoute def={def} />;
  return <Gate def={def}>{children}</Gate>;
}
