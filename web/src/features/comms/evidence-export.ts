// The DRFA evidence export: a CSV (one row per closure) and a PDF report (each closure with its
// facts, periods in effect, activity timeline and photo thumbnails), both made in the browser from
// drfaEvidence. Every time is written in the council's time zone, which the export names.
import type { Evidence, EvidenceClosure, EvidencePeriod } from './api/comms';

export const formatWhen = (seconds: number | null, timeZone: string) =>
  seconds == null ? '' : new Date(seconds * 1000).toLocaleString('en-AU', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

/** "Sydney time" for Australia/Sydney. */
export const zoneLabel = (timeZone: string) => `${(timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ')} time`;

/** "3 d 4 h 5 min" */
export function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return [d ? `${d} d` : '', h ? `${h} h` : '', `${m} min`].filter(Boolean).join(' ');
}

const CONDITION_TEXT: Record<string, string> = { closed: 'Closed', changed: 'Changed conditions', opened: 'Reopened' };
export const conditionText = (condition: string) => CONDITION_TEXT[condition] ?? condition;

const ACTION_TEXT: Record<string, string> = {
  created: 'Recorded', updated: 'Updated', reopened: 'Reopened', deleted: 'Deleted', restored: 'Restored',
  region_deleted: 'Region removed', media_added: 'Photo added', media_removed: 'Photo removed', archived: 'Archived', started: 'Scheduled closure started',
};
export const actionText = (action: string) => ACTION_TEXT[action] ?? action;

const FIELD_TEXT: Record<string, string> = {
  type: 'type', reason: 'reason', detour: 'detour', condition: 'condition', scheduledFor: 'start', estimatedReopening: 'estimated reopening', regions: 'lines',
};

/** What an "Updated" entry changed: "condition changed → closed; reason". */
export function changesText(payload: string | null, timeZone: string): string {
  if (!payload) return '';
  let changes: Record<string, { from?: unknown; to?: unknown }>;
  try {
    changes = JSON.parse(payload);
  } catch {
    return '';
  }
  const value = (key: string, v: unknown) =>
    v == null ? 'none' : key === 'scheduledFor' || key === 'estimatedReopening' ? formatWhen(Number(v), timeZone) : key === 'condition' ? conditionText(String(v)).toLowerCase() : String(v);
  return Object.entries(changes)
    .filter(([key]) => key in FIELD_TEXT)
    .map(([key, change]) => (key === 'reason' || key === 'detour' || key === 'regions' ? FIELD_TEXT[key] : `${FIELD_TEXT[key]} ${value(key, change?.from)} → ${value(key, change?.to)}`))
    .join('; ');
}

function activityLine(a: EvidenceClosure['activities'][number], timeZone: string): string {
  const who = a.user.displayName || a.user.email ? ` (${a.user.displayName ?? a.user.email})` : '';
  const what = a.action === 'updated' ? changesText(a.payload, timeZone) : '';
  return `${formatWhen(a.timestamp, timeZone)} ${actionText(a.action)}${what ? `: ${what}` : ''}${who}`;
}

export const timelineText = (c: EvidenceClosure, timeZone: string) => c.activities.map((a) => activityLine(a, timeZone)).join('; ');

/** "Closed 01/11/2026, 01:27 to 01/11/2026, 07:27" per period. */
export const periodText = (p: EvidencePeriod, timeZone: string) =>
  `${conditionText(p.condition)} ${formatWhen(p.from, timeZone)} to ${p.until == null ? 'now' : formatWhen(p.until, timeZone)}`;

const cell = (value: string | number) => {
  const text = String(value);
  // Quote every text cell; a leading = + - @ is neutralised so spreadsheets never run it as a
  // formula. Numbers (a southern latitude is negative) are written as they are.
  const safe = typeof value === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

export const CSV_HEADER = [
  'Closure id', 'Type', 'Condition', 'Road', 'Locality', 'Address', 'Start latitude', 'Start longitude', 'End latitude', 'End longitude', 'Length (m)',
  'Road segment id', 'Chainage start (km)', 'Chainage end (km)',
  'Reason', 'Detour', 'First in effect', 'In effect until',
  'Closed (hours)', 'Changed conditions (hours)', 'Periods', 'Deleted', 'Activity timeline', 'Photos', 'Event', 'AGRN', 'Time zone',
];

const agrnText = (e: Evidence) => (e.event?.agrn ? `AGRN ${e.event.agrn}` : '');

export function evidenceCsv(e: Evidence): string {
  const tz = e.timeZone;
  const rows = e.closures.map((c) => [
    c.id, c.type.text, conditionText(c.condition), c.road ?? '', c.locality ?? '', c.formattedAddress ?? '',
    c.start?.lat ?? '', c.start?.lng ?? '', c.end?.lat ?? '', c.end?.lng ?? '', c.lengthMetres,
    c.roadSegmentId ?? '', c.chainageStartKm ?? '', c.chainageEndKm ?? '',
    c.reason ?? '', c.detour ?? '',
    formatWhen(c.firstClosed, tz), c.closedUntil != null ? formatWhen(c.closedUntil, tz) : 'Still in effect',
    (c.closedSeconds / 3600).toFixed(1), (c.changedSeconds / 3600).toFixed(1), c.periods.map((p) => periodText(p, tz)).join('; '),
    c.deletedAt != null ? `Deleted ${formatWhen(c.deletedAt, tz)}` : '', timelineText(c, tz), c.photos.length, e.event?.name ?? '', agrnText(e), tz,
  ]);
  return [CSV_HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** The closures' drawn lines as a GeoJSON FeatureCollection, each with the facts of its CSV row. */
export function evidenceGeoJson(e: Evidence): string {
  const features = e.closures.map((c) => ({
    type: 'Feature',
    id: c.id,
    geometry: JSON.parse(c.geometry) as unknown,
    properties: {
      closureId: c.id, type: c.type.text, condition: c.condition, road: c.road, locality: c.locality, address: c.formattedAddress,
      lengthMetres: c.lengthMetres, firstInEffect: new Date(c.firstClosed * 1000).toISOString(),
      inEffectUntil: c.closedUntil == null ? null : new Date(c.closedUntil * 1000).toISOString(),
      closedHours: Number((c.closedSeconds / 3600).toFixed(2)), changedConditionsHours: Number((c.changedSeconds / 3600).toFixed(2)),
      deleted: c.deletedAt != null, event: e.event?.name ?? null, agrn: e.event?.agrn ?? null,
    },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features }, null, 1);
}

export const exportFileName = (e: Evidence, ext: 'csv' | 'pdf' | 'geojson') => {
  // The council's calendar day (en-CA writes yyyy-mm-dd).
  const day = (s: number) => new Date(s * 1000).toLocaleDateString('en-CA', { timeZone: e.timeZone });
  const agrn = e.event?.agrn ? `-agrn-${e.event.agrn}` : '';
  return `drfa-evidence-${e.lgaCode}${agrn}-${day(e.from)}-to-${day(e.to)}.${ext}`;
};

/** Helvetica (WinAnsi) cannot draw every character; anything it cannot is replaced. */
const printable = (text: string) => text.replace(/[\u2013\u2014]/g, '-').replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\u2192/g, '->').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** A photo thumbnail (WebP, which PDFs cannot hold) redrawn as JPEG bytes. */
async function jpegOf(url: string): Promise<Uint8Array | null> {
  try {
    const blob = await (await fetch(url)).blob();
    const bitmap = await createImageBitmap(blob);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
    return jpeg ? new Uint8Array(await jpeg.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

export async function evidencePdf(e: Evidence): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`DRFA evidence: road closures, ${e.lgaName ?? e.lgaCode}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [W, H, M] = [595.28, 841.89, 48];
  let page = pdf.addPage([W, H]);
  let y = H - M;
  const need = (height: number) => {
    if (y - height < M) {
      page = pdf.addPage([W, H]);
      y = H - M;
    }
  };
  const write = (raw: string, size = 10, f = font, indent = 0) => {
    const words = printable(raw).split(/\s+/);
    let line = '';
    const flush = () => {
      need(size + 4);
      page.drawText(line, { x: M + indent, y: y - size, size, font: f, color: rgb(0.1, 0.1, 0.1) });
      y -= size + 4;
      line = '';
    };
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (f.widthOfTextAtSize(next, size) > W - 2 * M - indent && line) {
        flush();
        line = word;
      } else line = next;
    }
    if (line) flush();
  };

  write('Road closures: evidence for Disaster Recovery Funding Arrangements', 16, bold);
  const tz = e.timeZone;
  if (e.event) write(`Disaster event: ${e.event.name}${e.event.agrn ? ` (AGRN ${e.event.agrn})` : ' (not declared yet)'}, from ${e.event.startDay}${e.event.endDay ? ` to ${e.event.endDay}` : ''}`, 12, bold);
  write(`${e.lgaName ?? 'LGA'} (LGA ${e.lgaCode}) - ${formatWhen(e.from, tz)} to ${formatWhen(e.to, tz)} (${zoneLabel(tz)})`, 11);
  write(`${e.closures.length} closure${e.closures.length === 1 ? '' : 's'}. Generated ${formatWhen(e.generated, tz)}. Every time is ${zoneLabel(tz)}.`, 10);
  y -= 8;
  for (const [i, c] of e.closures.entries()) {
    need(90);
    write(`${i + 1}. ${c.type.text}: ${[c.road, c.locality].filter(Boolean).join(', ') || c.formattedAddress || 'address unknown'}`, 12, bold);
    if (c.deletedAt != null) write(`Deleted from the app ${formatWhen(c.deletedAt, tz)}; kept here as a record of what happened.`, 10, bold);
    write(`Closed for ${formatDuration(c.closedSeconds)}; changed conditions for ${formatDuration(c.changedSeconds)}. Now: ${conditionText(c.condition)}.`);
    for (const p of c.periods) write(periodText(p, tz), 10, font, 12);
    if (c.reason) write(`Reason: ${c.reason}`);
    if (c.detour) write(`Detour: ${c.detour}`);
    if (c.start && c.end) write(`Drawn from ${c.start.lat.toFixed(5)}, ${c.start.lng.toFixed(5)} to ${c.end.lat.toFixed(5)}, ${c.end.lng.toFixed(5)}; ${c.lengthMetres} m.`, 9);
    write(`Closure id: ${c.id}`, 8);
    write('Activity:', 10, bold);
    for (const a of c.activities) write(activityLine(a, tz), 9, font, 12);
    const thumbs = (await Promise.all(c.photos.slice(0, 8).map((p) => jpegOf(p.thumbnailUrl ?? p.url)))).filter((b): b is Uint8Array => Boolean(b));
    if (thumbs.length) {
      need(110);
      let x = M;
      for (const bytes of thumbs) {
        const image = await pdf.embedJpg(bytes);
        const scale = Math.min(120 / image.width, 100 / image.height);
        if (x + image.width * scale > W - M) {
          x = M;
          y -= 106;
          need(110);
        }
        page.drawImage(image, { x, y: y - image.height * scale, width: image.width * scale, height: image.height * scale });
        x += image.width * scale + 6;
      }
      y -= 106;
    }
    y -= 10;
  }
  return pdf.save();
}
