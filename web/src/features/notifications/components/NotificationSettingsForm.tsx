import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { fetchNotificationSettings, notificationKeys, saveNotificationSettings, type NotificationSettings } from '../api/notifications';

const ROWS: { key: keyof NotificationSettings; label: string }[] = [
  { key: 'closureUpdates', label: 'Closures I follow' },
  { key: 'lgaUpdates', label: 'Councils (LGAs) I follow' },
  { key: 'reportOutcomes', label: 'My incident reports' },
];

/** /profile/notifications: in-app and push per kind of update (all on by default). */
export function NotificationSettingsForm({ disabled = false }: { disabled?: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const settings = useQuery({ queryKey: notificationKeys.settings, queryFn: fetchNotificationSettings });
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);
  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.settings, saved);
      toast.show({ kind: 'success', message: 'Notification settings saved' });
    },
    onError: (error) => toast.show({ kind: 'error', message: `Failed to update the notification settings: ${error.message}` }),
  });
  if (!draft) return <div className="panel"><p style={{ margin: 0 }}>{settings.isError ? settings.error.message : 'Loading…'}</p></div>;

  const toggle = (key: keyof NotificationSettings, channel: 'inApp' | 'push') =>
    setDraft({ ...draft, [key]: { ...draft[key], [channel]: !draft[key][channel] } });

  return (
    <form className="panel" onSubmit={(e) => { e.preventDefault(); save.mutate(draft); }}>
      <table className="settings-grid">
        <thead><tr><th>Updates about</th><th>In the app</th><th>Push</th></tr></thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.key}>
              <td>{row.label}</td>
              <td><input type="checkbox" aria-label={`${row.label}: in the app`} checked={draft[row.key].inApp} disabled={disabled} onChange={() => toggle(row.key, 'inApp')} /></td>
              <td><input type="checkbox" aria-label={`${row.label}: push`} checked={draft[row.key].push} disabled={disabled} onChange={() => toggle(row.key, 'push')} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">Push notifications also need to be enabled on this device (profile menu).</p>
      <button type="submit" className="amplify-button amplify-button--primary" disabled={disabled || save.isPending}>Save</button>
    </form>
  );
}
