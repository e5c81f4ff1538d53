// The photo register of a DRFA claim (docs/drfa.md#photo-register): one row per original photo of
// the claimed closures, with its file name in the pack, stage, capture time (in the council's time
// zone), position, who uploaded it, and the closure and road it shows. Pure: the caller gives the
// closures, the media items and the uploaders' names; photos.csv and the claim pack's XLSX sheet
// are both made from these rows.
import { capturedAtOf, originalFileName, PHOTO_STAGES, type PhotoCapture, type PhotoStage } from './photos';

/** A closure as the register needs it. */
export interface RegisterClosure {
  id: string;
  road?: string | null;
  locality?: string | null;
  /** Its photos in the closure's order. */
  media: readonly string[];
}

/** A media item as the register needs it (lambdas/adapters/media/store.ts MediaRecord fits). */
export interface RegisterMedia extends PhotoCapture {
  id: string;
  uid: string;
  extension: string;
  stage?: string;
  uploadedAt?: number;
  createdAt: number;
}

export interface PhotoRegisterRow {
  /** The original's path in the zip: {closure id}/{media id}.{ext} */
  fileName: string;
  /** The stage's words ("Works in progress"), empty until staff set one */
  stage: string;
  /** Capture time in the council's zone, "2026-11-27 09:15:00", empty when the photo carried none */
  capturedAt: string;
  latitude: number | null;
  longitude: number | null;
  uploader: string;
  closureId: string;
  road: string;
  mediaId: string;
}

export const PHOTO_REGISTER_COLUMNS: readonly { key: keyof PhotoRegisterRow; title: string }[] = [
  { key: 'fileName', title: 'File name' },
  { key: 'stage', title: 'Stage' },
  { key: 'capturedAt', title: 'Capture time' },
  { key: 'latitude', title: 'Latitude' },
  { key: 'longitude', title: 'Longitude' },
  { key: 'uploader', title: 'Uploader' },
  { key: 'closureId', title: 'Closure' },
  { key: 'road', title: 'Road' },
];

/** "2026-11-27 09:15:00" in the zone. */
export function zonedTimestamp(seconds: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(seconds * 1000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export const stageLabel = (stage: string | undefined) => (stage && Object.hasOwn(PHOTO_STAGES, stage) ? PHOTO_STAGES[stage as PhotoStage] : '');

/**
 * The register's rows: closures in the order given, each one's photos in its own order; a photo
 * on two of the closures is listed under each. Media not given (removed) are left out.
 */
export function photoRegisterRows(
  closures: readonly RegisterClosure[],
  media: readonly RegisterMedia[],
  uploaders: ReadonlyMap<string, string>,
  timeZone: string,
): PhotoRegisterRow[] {
  const byId = new Map(media.map((m) => [m.id, m]));
  return closures.flatMap((closure) =>
    closure.media.flatMap((id) => {
      const m = byId.get(id);
      if (!m) return [];
      const captured = capturedAtOf(m, timeZone);
      return [
        {
          fileName: originalFileName(closure.id, m.id, m.extension),
          stage: stageLabel(m.stage),
          capturedAt: captured === null ? '' : zonedTimestamp(captured, timeZone),
          latitude: m.latitude ?? null,
          longitude: m.longitude ?? null,
          uploader: uploaders.get(m.uid) ?? 'Unknown',
          closureId: closure.id,
          road: [closure.road, closure.locality].filter(Boolean).join(', '),
          mediaId: m.id,
        },
      ];
    }),
  );
}

const csvCell = (value: string | number | null) => {
  if (value === null) return '';
  const text = String(value);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet (numbers are safe as numbers).
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** photos.csv: a header row and one line per row, CRLF line ends (RFC 4180). */
export function photoRegisterCsv(rows: readonly PhotoRegisterRow[]): string {
  const lines = [PHOTO_REGISTER_COLUMNS.map((c) => c.title), ...rows.map((row) => PHOTO_REGISTER_COLUMNS.map((c) => row[c.key]))];
  return lines.map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
