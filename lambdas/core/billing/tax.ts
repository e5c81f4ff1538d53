// Australia's Goods and Services Tax on what a council pays: prices are GST-exclusive and the
// tax is added on top, rounded to the cent.
export const GST_PERCENT = 10;

/** The GST on a GST-exclusive amount in cents. */
export const gstOn = (amount: number) => Math.round((amount * GST_PERCENT) / 100);

/** GST and total for a GST-exclusive amount in cents. */
export function withGst(unitAmount: number) {
  const gst = gstOn(unitAmount);
  return { subtotal: unitAmount, gst, total: unitAmount + gst };
}
