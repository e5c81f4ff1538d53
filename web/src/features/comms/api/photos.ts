// The staff "Photos (zip)" of a DRFA claim (docs/drfa.md#photo-evidence): the original uploads of the
// closures chosen, with photos.csv (the photo register), as a download link that lasts five minutes.
import { gql } from '../../../lib/api';

export interface PhotoArchive {
  url: string;
  photoCount: number;
  registerRows: number;
}

/** For the council's days fromDay..toDay (its time zone), or with an event and no days, the event's closures. */
export async function getPhotoArchive(lgaCode: string, fromDay: string | null, toDay: string | null, eventId?: string): Promise<PhotoArchive> {
  return (
    await gql<{ drfaPhotoArchive: PhotoArchive }>(
      `query($lgaCode: String!, $fromDay: AWSDate, $toDay: AWSDate, $eventId: ID) { drfaPhotoArchive(lgaCode: $lgaCode, fromDay: $fromDay, toDay: $toDay, eventId: $eventId) { url photoCount registerRows } }`,
      { lgaCode, fromDay, toDay, eventId: eventId ?? null },
    )
  ).drfaPhotoArchive;
}
