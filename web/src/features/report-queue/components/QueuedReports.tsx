// The user's incident reports that are still on this device: "Waiting to send" until the
// connection returns, then "Sent" with a link to the report. Shown in the report flow and on
// My incident reports.
import { Link } from 'react-router-dom';
import { CLOSURE_TYPES } from '../../map/closure-display';
import { formatTableTimestamp } from '../../closures/format';
import { removeQueued, type QueueEntry } from '../api/queue';
import { useReportQueue } from '../hooks/useReportQueue';
import './report-queue.css';

const typeText = (value: string) => CLOSURE_TYPES.find((t) => t.value === value)?.text ?? value;

function StateOf({ entry }: { entry: QueueEntry }) {
  switch (entry.state) {
    case 'waiting':
      return <span className="queue-state queue-state--waiting">Waiting to send</span>;
    case 'sending':
      return <span className="queue-state queue-state--waiting">Sending…</span>;
    case 'sent':
      return (
        <>
          <span className="queue-state queue-state--sent">Sent</span>{' '}
          {entry.report && <Link to={`/reports/${entry.report.id}`}>See your report</Link>}
        </>
      );
    case 'failed':
      return (
        <>
          <span className="queue-state queue-state--failed">Not sent: {entry.error}</span>{' '}
          <button type="button" className="rp-link" onClick={() => void removeQueued(entry.key)}>
            Remove
          </button>
        </>
      );
  }
}

/** Renders nothing when no report of this user is queued or was just sent from the queue. */
export function QueuedReports() {
  const queue = useReportQueue();
  if (queue.length === 0) return null;
  const waiting = queue.filter((e) => e.state === 'waiting' || e.state === 'sending').length;
  return (
    <section className="report-queue panel" aria-labelledby="report-queue-heading">
      <h2 id="report-queue-heading">Reports on this device</h2>
      <p className="muted">
        {waiting > 0
          ? `${waiting === 1 ? 'One report is' : `${waiting} reports are`} waiting for a connection. They are sent, with their photos, as soon as you are back online; keep the app open or open it again later.`
          : 'Everything you wrote offline has been sent.'}
      </p>
      <div role="status" aria-live="polite">
        <ul>
          {queue.map((entry) => (
            <li key={entry.key} data-queue-key={entry.key}>
              <span>
                {typeText(entry.input.type)} at {entry.input.position.lat.toFixed(4)}, {entry.input.position.lng.toFixed(4)}, written{' '}
                {formatTableTimestamp(Math.floor(entry.queuedAt / 1000))}
                {entry.photos.length > 0 ? ` with ${entry.photos.length} photo${entry.photos.length === 1 ? '' : 's'}` : ''}
              </span>{' '}
              <StateOf entry={entry} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
