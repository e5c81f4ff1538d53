import { Link, useLocation, useSearchParams } from 'react-router-dom';
import './not-found.css';

export function NotFoundPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const message = search.get('message') ?? (location.state as { message?: string } | null)?.message ?? null;
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">404</p>
      <h1 id="not-found-title">{message ? 'Not available' : 'Page not found'}</h1>
      {message ? (
        <p className="not-found__message" role="alert">{message}</p>
      ) : (
        <p className="muted">There is nothing at <code>{location.pathname}</code>. It may have moved, or the link may be wrong.</p>
      )}
      <div className="not-found__links">
        <Link to="/">Go to the start page</Link>
        <Link to="/map">Open the map</Link>
        <Link to="/help">Get help</Link>
      </div>
    </section>
  );
}
