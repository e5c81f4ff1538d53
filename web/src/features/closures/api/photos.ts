// Photo evidence for the council's staff (docs/drfa.md#photo-evidence): a closure's photos with
// their capture time, position, stage and original, and setting a photo's stage.
import { gql } from '../../../lib/api';

export const PHOTO_STAGES: Array<[string, string]> = [
  ['pre_disaster', 'Pre-disaster'],
  ['damage', 'Damage'],
  ['works_in_progress', 'Works in progress'],
  ['completed', 'Completed'],
];

export interface ClosurePhoto {
  mediaId: string;
  stage: string | null;
  capturedAt: number | null;
  capturedLocal: string | null;
  timeZone: string;
  latitude: number | null;
  longitude: number | null;
  uploader: string | null;
  originalKept: boolean;
  /** Lasts five minutes: the list is read again before it runs out. */
  originalUrl: string | null;
}

const PHOTO = 'mediaId stage capturedAt capturedLocal timeZone latitude longitude uploader originalKept originalUrl';

export async function listClosurePhotos(closureId: string): Promise<ClosurePhoto[]> {
  return (await gql<{ closurePhotos: ClosurePhoto[] }>(`query ClosurePhotos($closureId: ID!) { closurePhotos(closureId: $closureId) { ${PHOTO} } }`, { closureId })).closurePhotos;
}

export async function setPhotoStage(closureId: string, mediaId: string, stage: string): Promise<ClosurePhoto> {
  return (
    await gql<{ setPhotoStage: ClosurePhoto }>(
      `mutation SetPhotoStage($closureId: ID!, $mediaId: ID!, $stage: String!) { setPhotoStage(closureId: $closureId, mediaId: $mediaId, stage: $stage) { ${PHOTO} } }`,
      { closureId, mediaId, stage },
    )
  ).setPhotoStage;
}

/** "27/11/2026, 09:15 (Sydney time)": the council's clock. */
export function capturedText(photo: Pick<ClosurePhoto, 'capturedAt' | 'timeZone'>): string | null {
  if (photo.capturedAt == null) return null;
  const when = new Date(photo.capturedAt * 1000).toLocaleString('en-AU', {
    timeZone: photo.timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${when} (${(photo.timeZone.split('/').pop() ?? photo.timeZone).replace(/_/g, ' ')} time)`;
}

/** "-33.30140, 148.07500" (five decimals: about a metre). */
export const positionText = (photo: Pick<ClosurePhoto, 'latitude' | 'longitude'>) =>
  photo.latitude == null || photo.longitude == null ? null : `${photo.latitude.toFixed(5)}, ${photo.longitude.toFixed(5)}`;
