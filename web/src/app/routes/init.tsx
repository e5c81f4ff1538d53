import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { ProgressLine } from '../../features/lga-data/components/ProgressLine';
import { installLgaData } from '../../features/lga-data/install';
import { useInstallPhase } from '../../features/lga-data/install-state';
import { safeRedirect } from '../../features/routing/redirect';
import './init.css';

export function InitPage() {
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'), '/');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Shared with the public map, which installs the same bundle beside its closures.
  const phase = useInstallPhase();
  const left = useRef(false);

  const run = useCallback(() => {
    installLgaData(queryClient).then(
      () => {
        if (!left.current) navigate(redirect, { replace: true });
      },
      () => undefined,
    );
  }, [navigate, queryClient, redirect]);

  useEffect(() => {
    left.current = false;
    run();
    return () => {
      left.current = true;
    };
  }, [run]);

  return (
    <div className="narrow init">
      <PageHeader title="Preparing council data">
        The map needs the boundaries of Australia's councils on this device. This happens once, and again when they change.
      </PageHeader>
      {phase.step === 'error' ? (
        <ErrorState title="Council data could not be prepared" message={phase.message} onRetry={run} />
      ) : (
        <div className="panel init-panel" role="status" aria-live="polite">
          {(phase.step === 'checking' || phase.step === 'idle') && <p>Checking for the latest council boundaries…</p>}
          {phase.step === 'downloading' && (
            <>
              <p>Downloading boundaries for {phase.lgaCount.toLocaleString('en-AU')} councils…</p>
              <ProgressLine id="init-progress-bar" progress={phase.progress} />
            </>
          )}
          {phase.step === 'saving' && <p>Saving {phase.lgaCount.toLocaleString('en-AU')} council boundaries on this device…</p>}
          {phase.step === 'done' && <p>Council data is ready.</p>}
        </div>
      )}
    </div>
  );
}
