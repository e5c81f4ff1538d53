// Says how old the closures on screen are when they come from this device's offline copy.
import { formatAsOf } from '../connectivity';
import { useServedAsOf } from '../closure-snapshot';

export function OfflineSnapshotNotice() {
  const asOf = useServedAsOf();
  if (asOf === null) return null;
  return (
    <p className="offline-snapshot-notice" role="status">
      Offline copy: closures as of {formatAsOf(asOf)}. They may have changed since.
    </p>
  );
}
