// Reads what a photo's EXIF says of when and where it was taken, with exifr, before the public copy
// is written without it. Raw values (not revived into Dates in the Lambda's own zone): the wall
// clock is read in the council's zone when shown (lambdas/core/drfa/photos.ts).
import exifr from 'exifr';
import { captureOf, type PhotoCapture } from '../../core/drfa/photos';

const PICK = ['DateTimeOriginal', 'CreateDate', 'DateTime', 'OffsetTimeOriginal', 'OffsetTime', 'GPSLatitude', 'GPSLatitudeRef', 'GPSLongitude', 'GPSLongitudeRef'];

/** The capture time and position, or nothing for a photo without EXIF (or with EXIF exifr cannot read). */
export async function readCapture(image: Uint8Array): Promise<PhotoCapture> {
  try {
    const exif = await exifr.parse(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      xmp: false,
      icc: false,
      iptc: false,
      reviveValues: false,
      pick: PICK,
    });
    return captureOf(exif as Record<string, unknown> | undefined);
  } catch {
    return {};
  }
}
