// What the council's staff see of a closure photo as claim evidence (docs/drfa.md#photo-evidence):
// when and where it was taken (from the original's EXIF, the time on the council's clock), its
// stage, which staff set, and a download of the original upload (a link that lasts five minutes).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { capturedText, PHOTO_STAGES, positionText, setPhotoStage, type ClosurePhoto } from '../api/photos';

export const photosQueryKey = (closureId: string) => ['closures', 'photos', closureId];

export function PhotoEvidence({ closureId, photo, index }: { closureId: string; photo: ClosurePhoto; index: number }) {
  const queries = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const stage = useMutation({
    mutationFn: (value: string) => setPhotoStage(closureId, photo.mediaId, value),
    onSuccess: () => {
      setError(null);
      void queries.invalidateQueries({ queryKey: photosQueryKey(closureId) });
    },
    onError: (err: Error) => setError(err.message),
  });
  const taken = capturedText(photo);
  const position = positionText(photo);
  const stageId = `photo-stage-${photo.mediaId}`;
  return (
    <div className="photo-evidence" data-photo-evidence={photo.mediaId}>
      <dl className="photo-evidence__facts">
        <dt>Taken</dt>
        <dd>{taken ?? <span className="muted">Not recorded in the photo</span>}</dd>
        <dt>Position</dt>
        <dd>{position ?? <span className="muted">Not recorded in the photo</span>}</dd>
        {photo.uploader && (
          <>
            <dt>Uploaded by</dt>
            <dd className="photo-evidence__uploader">{photo.uploader}</dd>
          </>
        )}
      </dl>
      <label htmlFor={stageId} className="photo-evidence__stage">
        Stage of photo {index + 1}
        <select id={stageId} value={photo.stage ?? ''} disabled={stage.isPending} onChange={(e) => e.target.value && stage.mutate(e.target.value)}>
          {!photo.stage && <option value="">Not set</option>}
          {PHOTO_STAGES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {photo.originalUrl ? (
        <a className="cl-button cl-button--small cl-button--secondary" href={photo.originalUrl} download aria-label={`Download original of photo ${index + 1}`}>
          Download original
        </a>
      ) : (
        <span className="muted">No original kept (uploaded before originals were kept)</span>
      )}
      {error && <p className="cl-form-error" role="alert">{error}</p>}
    </div>
  );
}
