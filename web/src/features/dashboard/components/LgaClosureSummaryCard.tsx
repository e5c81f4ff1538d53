// The public dashboard's closure summary for the user's council (spec §2): live, scheduled and
// recently reopened closures, and what changed in the last 12 hours, each linked to the map.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { lgaQuery } from '../../lgas/api/lga';
import { lgaClosureSummaryQuery } from '../api/public-summary';

export function LgaClosureSummaryCard({ lgaCode }: { lgaCode: string | null }) {
  const summary = useQuery(lgaClosureSummaryQuery(lgaCode));
  const lga = useQuery(lgaQuery(lgaCode));
  if (!lgaCode) return null;
  const where = lga.data?.name ?? `LGA ${lgaCode}`;
  const data = summary.data;
  return (
    <section className="panel" style={{ marginBottom: 20 }} aria-labelledby="lga-closures-title" aria-busy={summary.isPending}>
      <h2 id="lga-closures-title" style={{ marginBottom: 4 }}>Closures in {where}</h2>
      {summary.isPending ? (
        <p className="muted">Loading closures…</p>
      ) : summary.isError || !data ? (
        <p role="alert">
          Could not load the closures. <button type="button" onClick={() => void summary.refetch()}>Try again</button>
        </p>
      ) : (
        <>
          <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 20px', listStyle: 'none', padding: 0, margin: '0 0 8px' }}>
            <li><strong>{data.active}</strong> live</li>
            <li><strong>{data.scheduled}</strong> scheduled</li>
            <li><strong>{data.recentlyOpened}</strong> recently reopened</li>
          </ul>
          <h3 style={{ margin: '8px 0 4px', fontSize: '1rem' }}>Recent changes</h3>
          {data.recentChanges.length === 0 ? (
            <p className="muted" style={{ marginTop: 0 }}>Nothing changed in the last 12 hours.</p>
          ) : (
            <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 8px' }}>
              {data.recentChanges.map((c) => (
                <li key={c.id} style={{ marginBottom: 6, overflowWrap: 'anywhere' }}>
                  <Link to={`/map?closure=${encodeURIComponent(c.id)}`}><strong>{c.type.text}</strong></Link>
                  {c.formattedAddress ? <span className="muted"> · {c.formattedAddress}</span> : null}
                </li>
              ))}
            </ul>
          )}
          <Link to="/map" className="role-card__link">Open the map →</Link>
        </>
      )}
    </section>
  );
}
