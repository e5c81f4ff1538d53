// The quote as a PDF a council officer attaches to a purchase request (pdf-lib, in the browser).
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Quote } from './api/billing';
import { describeDiscount, formatCents, formatDate } from './format';

export async function quotePdf(quote: Quote): Promise<Blob> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Quote: road closures for ${quote.lgaName}`);
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const navy = rgb(0.1, 0.16, 0.23);
  let y = 780;
  const line = (text: string, options: { size?: number; strong?: boolean; gap?: number } = {}) => {
    page.drawText(text, { x: 56, y, size: options.size ?? 12, font: options.strong ? bold : font, color: navy });
    y -= options.gap ?? 20;
  };
  const p = quote.price;
  line('Quote', { size: 24, strong: true, gap: 34 });
  line(`Road closures subscription for ${quote.lgaName} (LGA ${quote.lgaCode})`, { strong: true });
  line(`Quote date: ${formatDate(quote.created)}    Valid until: ${formatDate(quote.validUntil)}`);
  line(`PO number: ${quote.poNumber ?? 'not given'}`, { gap: 34 });
  line(`Classification: ${p.name}`);
  line(`Subscription (per ${p.interval}): ${formatCents(p.unitAmount, p.currency)}`);
  const d = p.discount;
  if (d) line(`Discount (${d.name ? `${d.name}: ` : ''}${describeDiscount(d)}): -${formatCents(p.discountAmount ?? 0, p.currency)}`);
  line(`GST (10%): ${formatCents(p.gst, p.currency)}`);
  const once = d && d.duration !== 'forever';
  line(`Total (${once ? `first ${p.interval}` : `per ${p.interval}`}): ${formatCents(p.total, p.currency)}`, { strong: true, gap: once ? 20 : 34 });
  if (once && p.listTotal != null) line(`After that: ${formatCents(p.listTotal, p.currency)} per ${p.interval}`, { gap: 34 });
  line(`Includes a ${p.trialDays}-day free trial unless skipped at checkout. Prices in Australian dollars.`, { size: 10 });
  line(`Quote reference: ${quote.id.slice(0, 48)}`, { size: 8 });
  const bytes = await pdf.save();
  return new Blob([bytes as BlobPart], { type: 'application/pdf' });
}
