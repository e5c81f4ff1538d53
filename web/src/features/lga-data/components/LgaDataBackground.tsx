// The public map's council boundaries install, shown beside the closures instead of before them:
// a short status line with the download's progress, a retry when it fails, and nothing once the
// device has the latest boundaries.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { installLgaData } from '../install';
import { useInstallPhase } from '../install-state';
import { ProgressLine } from './ProgressLine';
import './lga-data-background.css';

/** How long "ready" stays on screen after a download. */
const READY_SHOWN_MS = 5000;

export function LgaDataBackground() {
  const queryClient = useQueryClient();
  const phase = useInstallPhase();
  const [readyShown, setReadyShown] = useState(true);

  useEffect(() => {
    installLgaData(queryClient).catch(() => undefined);
  }, [queryClient]);

  // A download that failed for want of a connection starts again when it returns.
  useEffect(() => {
    if (phase.step !== 'error') return;
    const retry = () => installLgaData(queryClient).catch(() => undefined);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [phase.step, queryClient]);

  useEffect(() => {
    if (phase.step !== 'done') return;
    const timer = setTimeout(() => setReadyShown(false), READY_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [phase.step]);

  // A device with the latest boundaries (most visits) sees nothing at all.
  if (phase.step === 'idle' || phase.step === 'checking' || (phase.step === 'done' && (!phase.downloaded || !readyShown))) return null;
  return (
    <div className="lga-data-background" data-testid="lga-data-background">
      {phase.step === 'downloading' && (
        <>
          <p>Downloading council boundaries for the map ({phase.lgaCount.toLocaleString('en-AU')} councils). The closures are shown meanwhile.</p>
          <ProgressLine id="lga-data-background-bar" progress={phase.progress} />
        </>
      )}
      {phase.step === 'saving' && <p>Saving council boundaries on this device…</p>}
      {phase.step === 'done' && <p>Council boundaries are ready on this device.</p>}
      {phase.step === 'error' && (
        <p>
          Council boundaries could not be downloaded ({phase.message}). The closures are still shown.{' '}
          <button type="button" className="amplify-button" onClick={() => installLgaData(queryClient).catch(() => undefined)}>
            Try again
          </button>
        </p>
      )}
    </div>
  );
}
