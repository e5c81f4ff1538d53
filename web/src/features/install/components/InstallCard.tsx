// Dashboard card: install the app on this device, from the browser's prompt or, on iPhone and
// iPad, with Add to Home Screen instructions. Hidden in demo mode, once installed, and where the
// browser offers nothing.
import { useState } from 'react';
import { useInstall } from '../hooks/useInstall';
import { IosInstallDialog } from './IosInstallDialog';

export function InstallCard() {
  const { offer, install } = useInstall();
  const [showIos, setShowIos] = useState(false);
  if (offer.kind !== 'prompt' && offer.kind !== 'ios') return null;
  return (
    <div className="panel" data-testid="install-card" style={{ marginBottom: 20 }}>
      <h2 style={{ marginBottom: 4 }}>Install the app</h2>
      <p className="muted" style={{ marginTop: 0 }}>
        Open Road Closures from your home screen. The closures you last looked at stay readable when the reception drops out.
      </p>
      <button type="button" className="nav-cta" onClick={() => (offer.kind === 'ios' ? setShowIos(true) : install())}>
        Install app
      </button>
      <IosInstallDialog open={showIos} onClose={() => setShowIos(false)} />
    </div>
  );
}
