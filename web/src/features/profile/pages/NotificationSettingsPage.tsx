import { SettingsLayout } from '../components/SettingsLayout';
import { NotificationSettingsForm } from '../../notifications/components/NotificationSettingsForm';

export function NotificationSettingsPage() {
  return (
    <SettingsLayout title="Notification settings">
      {(profile) => <NotificationSettingsForm disabled={Boolean(profile.demo)} />}
    </SettingsLayout>
  );
}
