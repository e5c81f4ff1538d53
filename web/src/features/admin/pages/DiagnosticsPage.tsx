import { Button, SelectField } from '@aws-amplify/ui-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { diagnosticsQuery, type Diagnostics } from '../api/admin';
import { formatTime } from '../components/format';
import '../components/admin.css';

const WINDOWS: Array<[string, string, number]> = [
  ['1h', 'Last hour', 3600],
  ['24h', 'Last 24 hours', 86400],
  ['7d', 'Last 7 days', 7 * 86400],
  ['30d', 'Last 30 days', 30 * 86400],
];

function ScheduleHealth({ data }: { data: Diagnostics }) {
  return (
    <section className="panel admin-section" aria-labelledby="schedules-title">
      <h2 id="schedules-title">Schedules</h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr><th scope="col">Schedule</th><th scope="col">Last run</th><th scope="col">Outcome</th></tr>
          </thead>
          <tbody>
            {data.schedules.map((s) => (
              <tr key={s.name}>
                <td><strong>{s.name}</strong><br /><span className="muted">{s.description}</span></td>
                <td>{s.lastRunAt ? formatTime(s.lastRunAt) : 'Not run yet'}</td>
                <td>
                  {s.outcome && <span className={`admin-badge${s.outcome === 'failed' ? ' admin-badge--failed' : ' admin-badge--handled'}`}>{s.outcome === 'ok' ? 'OK' : 'Failed'}</span>}{' '}
                  {s.detail}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Dead-letter queues</h3>
      {data.deadLetters === null ? (
        <p className="muted">Not applicable locally: events are handled in process, with no dead-letter queues.</p>
      ) : data.deadLetters.length === 0 ? (
        <p>No dead-letter queues are configured.</p>
      ) : (
        <ul>
          {data.deadLetters.map((d) => <li key={d.name}>{d.name}: {d.messages} {d.messages === 1 ? 'message' : 'messages'}</li>)}
        </ul>
      )}
    </section>
  );
}

/** /admin/diagnostics: client errors grouped by message and place, schedule health, dead letters. */
export function DiagnosticsPage() {
  const [params, setParams] = useSearchParams();
  const window = WINDOWS.find(([key]) => key === params.get('since')) ?? WINDOWS[1];
  // Rounded to the minute so the query key stays put while the page is open.
  const since = useMemo(() => Math.floor(Date.now() / 60_000) * 60 - window[2], [window]);
  const query = useInfiniteQuery(diagnosticsQuery(since));
  const groups = query.data?.pages.flatMap((p) => p.errors) ?? [];

  return (
    <div>
      <PageHeader title="Diagnostics">Errors reported by browsers running the app, grouped when identical, and the health of the schedules.</PageHeader>
      <div className="admin-toolbar">
        <SelectField label="Errors seen in" value={window[0]} onChange={(e) => setParams({ since: e.target.value }, { replace: true })}>
          {WINDOWS.map(([key, label]) => <option key={key} value={key}>{label}</option>)}
        </SelectField>
        <Button onClick={() => void query.refetch()}>Refresh</Button>
      </div>
      {query.isPending ? (
        <PageLoader label="Loading diagnostics…" />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <section aria-labelledby="errors-title">
            <h2 id="errors-title">Client errors</h2>
            {groups.length === 0 ? (
              <p>No client errors in this period.</p>
            ) : (
              <ul className="admin-list" aria-label="Client errors">
                {groups.map((g) => (
                  <li key={g.id} className="panel admin-item">
                    <div className="admin-item__head">
                      <strong style={{ overflowWrap: 'anywhere' }}>{g.message}</strong>
                      <span className="admin-badge admin-badge--failed" aria-label={`${g.count} occurrences`}>× {g.count}</span>
                    </div>
                    <div className="admin-item__meta">
                      {g.route && <span>Route <code>{g.route}</code></span>}
                      {g.release && <span>App v{g.release}</span>}
                      {g.browser && <span>{g.browser}</span>}
                      <span>First {formatTime(g.firstSeen)}</span>
                      <span>Last {formatTime(g.lastSeen)}</span>
                    </div>
                    {g.stack && (
                      <details>
                        <summary>Stack</summary>
                        <pre className="admin-stack">{g.stack}</pre>
                      </details>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {query.hasNextPage && (
              <p><Button onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage} loadingText="Loading…">Show more</Button></p>
            )}
          </section>
          {query.data && <ScheduleHealth data={query.data.pages[0]} />}
        </>
      )}
    </div>
  );
}
