import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { fetchLgaDataImport, localDataStatusQuery, type LocalDataStatus } from '../../features/lga-data/api/lga-data-import';
import { NOT_CACHED_MESSAGE, readInstalledTimestamp, saveLgaBundle } from '../../features/lga-data/bundle-store';
import { downloadLgaBundle, formatBytes, type DownloadProgress } from '../../features/lga-data/download';
import { safeRedirect } from '../../features/routing/redirect';
import './init.css';

type Phase =
  | { step: 'checking' }
  | { step: 'downloading'; lgaCount: number; progress: DownloadProgress }
  | { step: 'saving'; lgaCount: number }
  | { step: 'done' }
  | { step: 'error'; message: string };

function ProgressLine({ progress }: { progress: DownloadProgress }) {
  const { receivedBytes, totalBytes } = progress;
  const percent = totalBytes ? Math.min(100, Math.round((receivedBytes / totalBytes) * 100)) : null;
  return (
    <div className="init-progress">
      <label htmlFor="init-progress-bar">
        {receivedBytes === 0
          ? 'Waiting for the server…'
          : totalBytes
          ? `Downloaded ${formatBytes(receivedBytes)} of ${formatBytes(totalBytes)} (${percent}%)`
          : `Downloaded ${formatBytes(receivedBytes)}`}
      </label>
      {/* Without a known size the bar is indeterminate rather than a made-up percentage. */}
      <progress id="init-progress-bar" max={totalBytes ?? undefined} value={totalBytes ? receivedBytes : undefined} />
    </div>
  );
}

export function InitPage() {
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'), '/');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ step: 'checking' });
  const running = useRef<AbortController | null>(null);

  const run = useCallback(async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setPhase({ step: 'checking' });
    try {
      const current = await fetchLgaDataImport();
      const installed = await readInstalledTimestamp().catch(() => null);
      if (installed !== current.timestamp) {
        setPhase({ step: 'downloading', lgaCount: current.lgaCount, progress: { receivedBytes: 0, totalBytes: null } });
        const bundle = await downloadLgaBundle(current.downloadUrl, (progress) => {
          if (!controller.signal.aborted) setPhase({ step: 'downloading', lgaCount: current.lgaCount, progress });
        }, controller.signal);
        if (controller.signal.aborted) return;
        setPhase({ step: 'saving', lgaCount: current.lgaCount });
        await saveLgaBundle(current.timestamp, bundle);
        if ((await readInstalledTimestamp()) !== current.timestamp) throw new Error(NOT_CACHED_MESSAGE);
      }
      if (controller.signal.aborted) return;
      const status: LocalDataStatus = { installed: true, serverTimestamp: current.timestamp, localTimestamp: current.timestamp };
      queryClient.setQueryData(localDataStatusQuery.queryKey, status);
      setPhase({ step: 'done' });
      navigate(redirect, { replace: true });
    } catch (err) {
      if (controller.signal.aborted) return;
      setPhase({ step: 'error', message: (err as Error).message });
    }
  }, [navigate, queryClient, redirect]);

  useEffect(() => {
    void run();
    return () => running.current?.abort();
  }, [run]);

  return (
    <div className="narrow init">
      <PageHeader title="Preparing council data">
        The map needs the boundaries of Australia's councils on this device. This happens once, and again when they change.
      </PageHeader>
      {phase.step === 'error' ? (
        <ErrorState title="Council data could not be prepared" message={phase.message} onRetry={() => void run()} />
      ) : (
        <div className="panel init-panel" role="status" aria-live="polite">
          {phase.step === 'checking' && <p>Checking for the latest council boundaries…</p>}
          {phase.step === 'downloading' && (
            <>
              <p>Downloading boundaries for {phase.lgaCount.toLocaleString('en-AU')} councils…</p>
              <ProgressLine progress={phase.progress} />
            </>
          )}
          {phase.step === 'saving' && <p>Saving {phase.lgaCount.toLocaleString('en-AU')} council boundaries on this device…</p>}
          {phase.step === 'done' && <p>Council data is ready.</p>}
        </div>
      )}
    </div>
  );
}
