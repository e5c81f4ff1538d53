// The closures a reminder lists (starting soon, overdue for reopening, stale), each linked to
// the closure and markable as actioned.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { notificationKeys } from '../api/notifications';
import { markReminderActioned, REMINDER_SECTIONS, type ReminderData, type ReminderEntry } from '../api/reminders';

function Entry({ notificationId, entry }: { notificationId: string; entry: ReminderEntry }) {
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: () => markReminderActioned(notificationId, entry.closureId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
  const label = entry.formattedAddress ? `${entry.type}: ${entry.formattedAddress}` : entry.type;
  const actioned = entry.actioned || mark.isSuccess;
  return (
    <li className="reminder__entry">
      <Link to={`/closures/${encodeURIComponent(entry.closureId)}`}>{label}</Link>
      {entry.at !== undefined && <span className="muted"> {new Date(entry.at * 1000).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' })}</span>}
      {actioned ? (
        <span className="reminder__done">Actioned</span>
      ) : (
        <button type="button" className="button button--outline" onClick={() => mark.mutate()} disabled={mark.isPending} aria-label={`Mark actioned: ${label}`}>
          Mark actioned
        </button>
      )}
      {mark.isError && <p role="alert" className="reminder__error">{mark.error.message}</p>}
    </li>
  );
}

export function ReminderLists({ notificationId, data }: { notificationId: string; data: ReminderData }) {
  return (
    <>
      {REMINDER_SECTIONS.filter(({ list }) => data[list].length > 0).map(({ list, title }) => (
        <section key={list} aria-label={title} className="reminder__section">
          <h3>{title}</h3>
          <ul className="reminder__list">
            {data[list].map((e) => <Entry key={e.closureId} notificationId={notificationId} entry={e} />)}
          </ul>
        </section>
      ))}
    </>
  );
}
