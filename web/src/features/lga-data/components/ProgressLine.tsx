// The council boundaries download's progress: a labelled bar (indeterminate when the size is unknown).
import { formatBytes, type DownloadProgress } from '../download';
import './progress-line.css';

export function ProgressLine({ progress, id }: { progress: DownloadProgress; id: string }) {
  const { receivedBytes, totalBytes } = progress;
  const percent = totalBytes ? Math.min(100, Math.round((receivedBytes / totalBytes) * 100)) : null;
  return (
    <div className="init-progress">
      <label htmlFor={id}>
        {receivedBytes === 0
          ? 'Waiting for the server…'
          : totalBytes
          ? `Downloaded ${formatBytes(receivedBytes)} of ${formatBytes(totalBytes)} (${percent}%)`
          : `Downloaded ${formatBytes(receivedBytes)}`}
      </label>
      {/* Without a known size the bar is indeterminate rather than a made-up percentage. */}
      <progress id={id} max={totalBytes ?? undefined} value={totalBytes ? receivedBytes : undefined} />
    </div>
  );
}
