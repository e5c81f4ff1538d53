// The claim pack's PDF summary (docs/drfa.md#the-claim-pack): the event, its AGRN and days, the
// totals, and each closure with where it was, its periods in effect and whether it was deleted.
// Pure (pdf-lib, no network).
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { COST_KINDS, formatCents } from './works';
import { DRFA_MEASURES, type DrfaMeasure } from './events';
import { conditionText, formatDay, formatWhen, printable, zoneLabel } from './pack-format';
import { eventTotals, periodText, type PackData } from './pack-registers';

const [W, H, M] = [595.28, 841.89, 48];

export async function claimSummaryPdf(d: PackData, contents: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = `DRFA claim pack: ${d.event.name}`;
  pdf.setTitle(title);
  pdf.setCreationDate(new Date(d.generated * 1000));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([W, H]);
  let y = H - M;
  const need = (height: number) => {
    if (y - height < M) {
      page = pdf.addPage([W, H]);
      y = H - M;
    }
  };
  const write = (raw: string, size = 10, f: PDFFont = font, indent = 0) => {
    let line = '';
    const flush = () => {
      need(size + 4);
      page.drawText(line, { x: M + indent, y: y - size, size, font: f, color: rgb(0.1, 0.1, 0.1) });
      y -= size + 4;
      line = '';
    };
    for (const word of printable(raw).split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (f.widthOfTextAtSize(next, size) > W - 2 * M - indent && line) {
        flush();
        line = word;
      } else line = next;
    }
    if (line) flush();
  };
  const gap = (points = 8) => {
    y -= points;
  };

  const tz = d.timeZone;
  const t = eventTotals(d);
  write(title, 16, bold);
  write(`${d.event.agrn ? `AGRN ${d.event.agrn}` : 'AGRN: not declared yet'} - ${d.lgaName ?? 'LGA'} (LGA ${d.lgaCode})`, 12, bold);
  write(`Event days: ${formatDay(d.event.startDay)} to ${d.event.endDay ? formatDay(d.event.endDay) : 'ongoing'}.`);
  const measures = (d.event.measures ?? []).map((m) => DRFA_MEASURES[m as DrfaMeasure] ?? m);
  write(`Activated measures: ${measures.length ? measures.join(', ') : 'none recorded'}.`);
  write(`Generated ${formatWhen(d.generated, tz)}. Every time is ${zoneLabel(tz)} (${tz}).`, 9);
  gap();

  write('Totals', 13, bold);
  write(`${t.closures} closure${t.closures === 1 ? '' : 's'}${t.deletedClosures ? ` (${t.deletedClosures} deleted after they happened, kept and marked)` : ''}; closed ${t.closedHours} h, changed conditions ${t.changedHours} h.`);
  write(`Labour ${t.labourHours} h; plant ${t.plantHours} h; traffic control ${t.deviceDays} device-days.`);
  for (const c of t.costs) if (c.amountCents) write(`${COST_KINDS[c.kind]}: ${formatCents(c.amountCents)}`, 10, font, 12);
  write(`Costs in total: ${formatCents(t.costCents)} (AUD)`, 10, bold);
  gap();

  write('Closures', 13, bold);
  for (const [i, c] of d.closures.entries()) {
    need(60);
    write(`${i + 1}. ${c.typeText}: ${[c.road, c.locality].filter(Boolean).join(', ') || c.address || 'address unknown'}`, 11, bold);
    if (c.deletedAt != null) write(`DELETED from the app ${formatWhen(c.deletedAt, tz)}; kept here as the record of what happened.`, 10, bold);
    write(`Closed ${Math.round(c.closedSeconds / 36) / 100} h; changed conditions ${Math.round(c.changedSeconds / 36) / 100} h. Now: ${conditionText(c.condition)}.`);
    for (const p of c.periods) write(periodText(p, tz), 10, font, 12);
    const seg = c.segment;
    const chainage = seg?.chainageStartKm != null ? `, chainage ${seg.chainageStartKm.toFixed(3)} to ${seg.chainageEndKm!.toFixed(3)} km` : '';
    if (seg?.roadSegmentId || chainage) write(`Road segment ${seg?.roadSegmentId ?? '(no id)'}${chainage}.`, 9);
    if (c.start && c.end) write(`From ${c.start.lat.toFixed(5)}, ${c.start.lng.toFixed(5)} to ${c.end.lat.toFixed(5)}, ${c.end.lng.toFixed(5)}; ${c.lengthMetres} m.`, 9);
    if (c.reason) write(`Reason: ${c.reason}`, 9);
    write(`Closure id: ${c.id}`, 8);
    gap(6);
  }
  gap();
  write('In this pack', 13, bold);
  for (const path of contents) write(path, 9, font, 12);
  return pdf.save();
}
