import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import type { RouteDef } from '../../features/routing/route-table';

/** Routes whose features come later: their guards already work, the page says plainly that it is not ready. */
export function PlaceholderPage({ def }: { def: RouteDef }) {
  return (
    <div className="placeholder">
      <PageHeader title={def.title} />
      <div className="panel">
        <p style={{ margin: 0 }}>This part of the app is being built.</p>
      </div>
      <p className="muted" style={{ marginTop: 16 }}>
        <Link to="/">Back to the start</Link>
      </p>
    </div>
  );
}
