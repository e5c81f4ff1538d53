import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { attachClosureMedia, createMediaUpload, detachClosureMedia, getClosure, type ClosureDetail, type MediaItem } from '../api/closures';
import { formatTableTimestamp } from '../format';
import { useClosureCache } from '../hooks/useClosureCache';
import { checkPhoto, parseFields, postToPresignedUrl } from '../upload';
import { listClosurePhotos } from '../api/photos';
import { ConfirmDialog } from './ConfirmDialog';
import { PhotoEvidence, photosQueryKey } from './PhotoEvidence';

interface Progress {
  name: string;
  fraction: number;
}

export function MediaTab({ closure }: { closure: ClosureDetail }) {
  const toast = useToast();
  const cache = useClosureCache();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<MediaItem | null>(null);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      setProgress({ name: file.name, fraction: 0 });
      const presigned = await createMediaUpload({ contentType: file.type, size: file.size, closureId: closure.id });
      try {
        await postToPresignedUrl(presigned.url, parseFields(presigned.fields), file, (fraction) => setProgress({ name: file.name, fraction }));
      } catch (err) {
        // The reference was created with the upload slot; without a file it would show a broken photo.
        if (presigned.closureId) await detachClosureMedia(closure.id, presigned.media.id).catch(() => undefined);
        throw err;
      }
      if (!presigned.closureId) return attachClosureMedia(closure.id, presigned.media.id);
      const fresh = await getClosure(closure.id);
      if (!fresh) throw new Error(`Closure ${closure.id} not found`);
      return fresh;
    },
    onSuccess: (updated) => {
      cache.updated(updated);
      setUploadError(null);
      toast.show({ kind: 'success', message: 'Photo uploaded.' });
    },
    onError: (err) => setUploadError(err.message),
    onSettled: () => setProgress(null),
  });

  const detach = useMutation({
    mutationFn: (media: MediaItem) => detachClosureMedia(closure.id, media.id),
    onSuccess: (updated) => {
      cache.updated(updated);
      setRemoveError(null);
      setRemoving(null);
      toast.show({ kind: 'success', message: 'Photo removed.' });
    },
    onError: (err) => {
      setRemoveError(err.message);
      setRemoving(null);
    },
  });

  const onFiles = (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkPhoto(file);
    if (problem) {
      setUploadError(problem);
      return;
    }
    setUploadError(null);
    upload.mutate(file);
  };

  const editable = closure.deletedAt == null && closure.archivedAt == null;
  // The photos as claim evidence (capture, stage, original), for the council's evidence staff;
  // read again as thumbnails appear (the capture is read then) and before the original links expire.
  const evidence = useQuery({
    queryKey: [...photosQueryKey(closure.id), closure.media.map((m) => `${m.id}:${m.resized}`).join()],
    queryFn: () => listClosurePhotos(closure.id),
    enabled: closure.media.length > 0,
    staleTime: 4 * 60_000,
    refetchInterval: 4 * 60_000,
    retry: false,
  });
  const evidenceOf = new Map((evidence.data ?? []).map((p) => [p.mediaId, p]));

  return (
    <section className="panel closure-media" aria-labelledby="closure-media-title">
      <h2 id="closure-media-title">Photos</h2>
      {editable ? (
        <div className="upload-box">
          <label className="cl-button upload-box__button">
            Upload a photo
            <input
              ref={input}
              type="file"
              accept="image/*"
              className="visually-hidden"
              onChange={(e) => onFiles(e.target.files)}
              disabled={upload.isPending}
            />
          </label>
          <span className="muted">JPEG, PNG, WebP or GIF, at most 10 MB.</span>
        </div>
      ) : (
        <p className="muted">Photos of a deleted or archived closure cannot be changed.</p>
      )}
      {progress && (
        <div className="upload-progress">
          <label>
            Uploading {progress.name}… {Math.round(progress.fraction * 100)}%
            <progress max={1} value={progress.fraction} />
          </label>
        </div>
      )}
      {uploadError && <p className="cl-form-error" role="alert">{uploadError}</p>}
      {removeError && <p className="cl-form-error" role="alert">{removeError}</p>}

      {closure.media.length === 0 ? (
        <p className="muted closure-media__empty">No photos yet.</p>
      ) : (
        <ul className="media-grid">
          {closure.media.map((m, i) => (
            <li key={m.id} className="media-grid__item" data-media-id={m.id}>
              <a href={m.url} target="_blank" rel="noreferrer">
                <img src={m.resized && m.thumbnailUrl ? m.thumbnailUrl : m.url} alt={`Photo ${i + 1} of the closure`} loading="lazy" />
              </a>
              <div className="media-grid__meta">
                <span className="muted">{formatTableTimestamp(m.createdAt)}{m.resized ? '' : ' · thumbnail pending'}</span>
                {editable && (
                  <button type="button" className="cl-button cl-button--small cl-button--secondary" onClick={() => setRemoving(m)} aria-label={`Remove photo ${i + 1}`}>
                    Remove
                  </button>
                )}
              </div>
              {evidenceOf.has(m.id) && <PhotoEvidence closureId={closure.id} photo={evidenceOf.get(m.id)!} index={i} />}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={removing !== null}
        title="Remove this photo?"
        confirmLabel="Remove photo"
        danger
        busy={detach.isPending}
        onConfirm={() => removing && detach.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>The photo is taken off this closure. A photo nothing else uses is deleted.</p>
      </ConfirmDialog>
    </section>
  );
}
