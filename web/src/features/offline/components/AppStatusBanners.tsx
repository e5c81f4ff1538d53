// The banners every page shows above its content: offline (with the last time the device was
// online) and "a new version is available" / "the app was updated". Live regions, so screen
// readers hear about a dropped connection without moving focus.
import { formatAsOf, useConnectivity } from '../connectivity';
import { reloadToUpdate, useUpdateState } from '../app-update';
import './offline.css';

export function AppStatusBanners() {
  const { online, lastOnlineAt } = useConnectivity();
  const update = useUpdateState();
  return (
    <>
      <div role="status" aria-live="polite" className="status-banner-slot">
        {!online && (
          <p className="status-banner status-banner--offline">
            <strong>You are offline.</strong>{' '}
            {lastOnlineAt ? `Last online ${formatAsOf(lastOnlineAt)}. ` : ''}
            What you see was saved on this device. Incident reports wait to be sent; other changes need the internet.
          </p>
        )}
      </div>
      {update !== 'current' && (
        <div className="status-banner status-banner--update" role="alert">
          <span>{update === 'chunk-failed' ? 'The app was updated — reload to continue.' : 'A new version is available.'}</span>
          <button type="button" onClick={() => void reloadToUpdate()}>Reload</button>
        </div>
      )}
    </>
  );
}
