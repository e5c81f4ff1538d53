import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { ADMIN_SECTIONS } from '../../features/routing/route-table';
import '../../features/dashboard/components/dashboard.css';

export function AdminHomePage() {
  return (
    <div>
      <PageHeader title="System Administration">Everything a platform administrator looks after.</PageHeader>
      <div className="quick-links">
        {ADMIN_SECTIONS.map((s) => (
          <Link key={s.slug} to={`/admin/${s.slug}`} className="quick-link">
            <strong>{s.title}</strong>
            <span>{s.summary}</span>
          </Link>
        ))}
        <Link to="/admin/map" className="quick-link">
          <strong>Administrator map</strong>
          <span>Every council's closures on one map.</span>
        </Link>
      </div>
    </div>
  );
}
