// Stripe emulator: the hosted invoice page (hosted_invoice_url) and the invoice PDF (invoice_pdf)
// for a subscription invoice: number, status, dates, lines, discount, GST and totals in AUD.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Context } from '../context';
import { formatMoney } from '../money';
import type { StripeObject } from '../store';
import { html, page } from './layout';

type Line = { description: string; amount: number; quantity: number; period: { start: number; end: number } };
type Tax = { amount: number; tax_rate_details: { tax_rate: string } };

export function dateOf(seconds: number | null | undefined): string {
  if (!seconds) return '—';
  return new Date(seconds * 1000).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Australia/Sydney' });
}

/** Rows shared by the page and the PDF: label and formatted amount. */
function totalsRows(ctx: Context, invoice: StripeObject): [string, string][] {
  const money = (cents: number) => formatMoney(cents, invoice.currency as string);
  const rows: [string, string][] = [['Subtotal', money(invoice.subtotal as number)]];
  for (const discount of invoice.total_discount_amounts as { amount: number }[]) rows.push(['Discount', `−${money(discount.amount)}`]);
  const taxes = new Map<string, number>();
  for (const tax of invoice.total_taxes as Tax[]) taxes.set(tax.tax_rate_details.tax_rate, (taxes.get(tax.tax_rate_details.tax_rate) ?? 0) + tax.amount);
  for (const [rateId, amount] of taxes) {
    const rate = ctx.store.get('tax_rates', rateId);
    rows.push([rate ? `${rate.display_name} (${rate.percentage}%)` : 'Tax', money(amount)]);
  }
  rows.push(['Total', money(invoice.total as number)], ['Amount paid', money(invoice.amount_paid as number)], ['Amount due', money(invoice.amount_remaining as number)]);
  return rows;
}

export function invoicePage(ctx: Context, invoice: StripeObject): string {
  const money = (cents: number) => formatMoney(cents, invoice.currency as string);
  const lines = (invoice.lines as { data: Line[] }).data;
  return page(`Invoice ${invoice.number ?? ''}`, html`<h1>Invoice ${invoice.number ?? '(draft)'}</h1>
<section aria-labelledby="details-heading">
<h2 id="details-heading">Details</h2>
<dl>
<dt>Status</dt><dd><span class="status">${invoice.status}</span></dd>
<dt>Billed to</dt><dd>${invoice.customer_name ?? ''} ${invoice.customer_email ? html`&lt;${invoice.customer_email}&gt;` : ''}</dd>
<dt>Date</dt><dd>${dateOf(invoice.created as number)}</dd>
<dt>Period</dt><dd>${dateOf(invoice.period_start as number)} – ${dateOf(invoice.period_end as number)}</dd>
${invoice.status_transitions && (invoice.status_transitions as { paid_at: number | null }).paid_at ? html`<dt>Paid</dt><dd>${dateOf((invoice.status_transitions as { paid_at: number }).paid_at)}</dd>` : ''}
</dl>
</section>
<section aria-labelledby="lines-heading">
<h2 id="lines-heading">Items</h2>
<table>
<thead><tr><th scope="col">Description</th><th scope="col">Qty</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>${lines.map((line) => html`<tr><td>${line.description}<br><span class="muted">${dateOf(line.period.start)} – ${dateOf(line.period.end)}</span></td><td>${line.quantity}</td><td class="amount">${money(line.amount)}</td></tr>`)}</tbody>
<tfoot>${totalsRows(ctx, invoice).map(([label, amount]) => html`<tr><th scope="row" colspan="2">${label}</th><td class="amount">${amount}</td></tr>`)}</tfoot>
</table>
</section>
<p><a href="/invoice/${invoice.id}/pdf">Download invoice PDF</a></p>`);
}

/** A one-page PDF of the invoice (what invoice_pdf downloads). */
export async function invoicePdf(ctx: Context, invoice: StripeObject): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.number ?? invoice.id}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const sheet = pdf.addPage([595, 842]);
  let y = 790;
  const write = (text: string, options: { bold?: boolean; size?: number; x?: number } = {}) => {
    // The standard PDF fonts have no Unicode minus sign.
    sheet.drawText(text.replaceAll('\u2212', '-'), { x: options.x ?? 50, y, size: options.size ?? 11, font: options.bold ? bold : font });
  };
  write(`Invoice ${invoice.number ?? '(draft)'}`, { bold: true, size: 20 });
  y -= 24;
  write('Local Stripe emulator — test mode, not a tax invoice', { size: 9 });
  y -= 30;
  for (const [label, value] of [['Status', invoice.status], ['Billed to', `${invoice.customer_name ?? ''} ${invoice.customer_email ?? ''}`], ['Date', dateOf(invoice.created as number)], ['Period', `${dateOf(invoice.period_start as number)} – ${dateOf(invoice.period_end as number)}`]]) {
    write(String(label), { bold: true });
    write(String(value), { x: 150 });
    y -= 18;
  }
  y -= 12;
  for (const line of (invoice.lines as { data: Line[] }).data) {
    write(line.description);
    write(formatMoney(line.amount, invoice.currency as string), { x: 450 });
    y -= 18;
  }
  y -= 12;
  for (const [label, amount] of totalsRows(ctx, invoice)) {
    write(label, { bold: label === 'Total' });
    write(amount, { x: 450, bold: label === 'Total' });
    y -= 18;
  }
  return pdf.save();
}
