// Signing out leaves nothing of the person on a shared device: the offline copies (profile,
// follows, the closures they opened, the map snapshot their reads filled) and their queued
// reports (description, exact position, original photos) are removed. Only a sign-out does
// this; a token refresh that fails for want of signal keeps what flood mode shows.
import { queueStore } from '../report-queue/api/store';
import { setOfflineCopyOwner } from './copy-owner';
import { offlineStore } from './offline-read';

export async function forgetDeviceData(): Promise<void> {
  // First, so that a read still under way for the person who left keeps nothing when it ends.
  setOfflineCopyOwner(null);
  await Promise.all([offlineStore().clear().catch(() => undefined), queueStore.clear().catch(() => undefined)]);
}
