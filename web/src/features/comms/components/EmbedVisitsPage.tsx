// /admin/embedded-map-visits: visits to councils' embedded maps in total, per council, and a chart
// of visits per day over the last 90 days.
import { useQuery } from '@tanstack/react-query';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import type { RouteDef } from '../../routing/route-table';
import { getEmbedVisits } from '../api/comms';
import '../comms.css';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

const dayLabel = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export function EmbedVisitsPage({ def }: { def: RouteDef }) {
  const visits = useQuery({ queryKey: ['comms', 'embed-visits'], queryFn: getEmbedVisits });
  if (visits.isPending) return <PageLoader />;
  if (visits.isError) return <ErrorState title="Failed to load visits" message={visits.error.message} onRetry={() => void visits.refetch()} />;
  const { total, lgas, daily } = visits.data;
  const last90 = daily.reduce((sum, d) => sum + d.count, 0);
  return (
    <div className="comms-page">
      <PageHeader title={def.title}>Loads of the embedded map on council websites.</PageHeader>
      <section className="panel" aria-labelledby="visits-total">
        <h2 id="visits-total">{total.toLocaleString('en-AU')} visits in total</h2>
        <p className="muted">{last90.toLocaleString('en-AU')} in the last 90 days.</p>
        <div className="comms-chart">
          <Bar
            aria-label={`Bar chart of embedded map visits per day for the last 90 days; ${last90} visits in all.`}
            role="img"
            data={{ labels: daily.map((d) => dayLabel(d.date)), datasets: [{ label: 'Visits', data: daily.map((d) => d.count), backgroundColor: '#1565c0' }] }}
            options={{ maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } }, plugins: { legend: { display: false } } }}
          />
        </div>
      </section>
      <section className="panel" aria-labelledby="visits-lgas">
        <h2 id="visits-lgas">Per council</h2>
        {lgas.length === 0 ? (
          <p role="status">No council's embedded map has been visited yet.</p>
        ) : (
          <table className="comms-table">
            <caption className="visually-hidden">Embedded map visits per council</caption>
            <thead><tr><th scope="col">Council</th><th scope="col">LGA code</th><th scope="col">Visits</th></tr></thead>
            <tbody>
              {lgas.map((l) => (
                <tr key={l.lgaCode}><td>{l.lgaName ?? '—'}</td><td>{l.lgaCode}</td><td>{l.count.toLocaleString('en-AU')}</td></tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {/* The chart's numbers, for screen readers and keyboard users. */}
      <details className="panel">
        <summary>Visits per day as a table</summary>
        <table className="comms-table">
          <thead><tr><th scope="col">Day</th><th scope="col">Visits</th></tr></thead>
          <tbody>{daily.filter((d) => d.count > 0).map((d) => <tr key={d.date}><td>{d.date}</td><td>{d.count}</td></tr>)}</tbody>
        </table>
      </details>
    </div>
  );
}
