import { SettingsLayout } from '../components/SettingsLayout';
import { NotificationSettingsForm } from '../../notifications/components/NotificationSettingsForm';
import { AlertChannelsPanel } from '../../notifications/components/AlertChannelsPanel';

export function NotificationSettingsPage() {
  return (
    <SettingsLayout title="Notification settings">
      {(profile) => (
        <>
          <NotificationSettingsForm disabled={Boolean(profile.demo)} />
          <AlertChannelsPanel disabled={Boolean(profile.demo)} />
        </>
      )}
    </SettingsLayout>
  );
}
