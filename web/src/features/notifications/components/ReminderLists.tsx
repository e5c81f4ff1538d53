// The closures a reminder lists (starting soon, overdue for reopening, stale), each linked to
// the closure and markable as actioned.
import { Button } from '@aws-amplify/ui-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatTableTimestamp } from '../../closures/format';
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
      {entry.at !== undefined && <span className="muted"> {formatTableTimestamp(entry.at)}</span>}
      {actioned ? (
        <span className="reminder__done">Actioned</span>
      ) : (
        <Button size="small" onClick={() => mark.mutate()} isLoading={mark.isPending} loadingText="Marking…" aria-label={`Mark actioned: ${label}`}>
          Mark actioned
        </Button>
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
