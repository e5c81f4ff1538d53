import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorState } from '../components/ErrorState';
import { reportClientError } from '../lib/error-reporting';

/** Last resort when a route throws outside the layout's error boundary. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportClientError(error);
  }, [error]);
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : (error as Error)?.message ?? String(error);
  return (
    <div className="app-main">
      <ErrorState title="This page could not be shown" message={message} onRetry={() => window.location.reload()} />
    </div>
  );
}
