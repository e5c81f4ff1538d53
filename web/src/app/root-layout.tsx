import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { useAppConfig } from '../config/app-config';
import { OSM_ATTRIBUTION } from '../features/legal/attributions';
import { NavBar } from '../features/navigation/components/NavBar';
import { TextPageLink } from '../features/navigation/components/TextPageLink';
import { AppStatusBanners } from '../features/offline/components/AppStatusBanners';
import { AdminMfaBanner } from '../features/security/components/AdminMfaBanner';
import { recordLocation } from '../features/routing/location-history';
import { FeedbackButton } from '../features/admin/components/FeedbackButton';
import { EMBED_PATH, isEmbedPathVariant } from '../features/comms/embed-path';
import { usePageViews } from '../features/admin/hooks/usePageViews';
import '../features/admin/components/admin.css';

// The offline report queue (IndexedDB, the reports API) loads after the first paint: no public
// page needs it to render.
const ReportQueueRunner = lazy(() =>
  import('../features/report-queue/components/ReportQueueRunner').then((m) => ({ default: m.ReportQueueRunner })),
);

function useRouteChangeEffects() {
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    recordLocation(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);
  useEffect(() => {
    // 'instant': the UI kit sets smooth scrolling on html:focus-within, which would animate every page change.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // After the first page, move focus to the new content so screen readers announce the page change.
    if (first.current) first.current = false;
    else mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);
  return mainRef;
}

export function RootLayout() {
  const app = useAppConfig();
  const location = useLocation();
  const mainRef = useRouteChangeEffects();
  usePageViews();
  // The embed has one address; its variants go there rather than draw the embed inside the app.
  if (isEmbedPathVariant(location.pathname)) return <Navigate replace to={`${EMBED_PATH}${location.search}`} />;
  // The embeddable map is framed by council websites: no app bar, no footer, just the map.
  if (location.pathname === EMBED_PATH) {
    return (
      <main id="main" className="embed-main" ref={mainRef} tabIndex={-1}>
        <ErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
    );
  }
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">Skip to content</a>
      <NavBar />
      <AppStatusBanners />
      <Suspense fallback={null}>
        <ReportQueueRunner />
      </Suspense>
      <AdminMfaBanner />
      <main id="main" className="app-main" ref={mainRef} tabIndex={-1}>
        <ErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <footer className="app-footer">
        <div className="app-footer__inner">
          <span>Road Closures · v{app.version}{app.stage !== 'prod' ? ` · ${app.stage}` : ''}{app.demo ? ' · demo' : ''}</span>
          <span>
            <Link to="/help">Help</Link> · <TextPageLink /> · <Link to="/legal/terms">Terms</Link> · <Link to="/legal/privacy">Privacy</Link>
          </span>
          <span>Map data {OSM_ATTRIBUTION}</span>
        </div>
      </footer>
      <FeedbackButton />
    </div>
  );
}
