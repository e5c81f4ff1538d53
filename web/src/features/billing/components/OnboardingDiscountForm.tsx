import { useState } from 'react';
import type { Customer, DiscountInput } from '../api/billing';
import { describeDiscount, formatDate, isLiveSubscription } from '../format';

interface Props {
  customer: Customer;
  onSave(input: DiscountInput): Promise<boolean>;
  onRemove(): Promise<boolean>;
}

type Kind = 'percent' | 'amount';

/**
 * The admin's onboarding discount of a council: percent or dollars off, for the first year, every
 * year or the first few years. It becomes a single-use Stripe coupon that the council's next
 * checkout carries; the current one is shown with its state (offered or used).
 */
export function OnboardingDiscountForm({ customer, onSave, onRemove }: Props) {
  const current = customer.onboardingDiscount;
  const [kind, setKind] = useState<Kind>('percent');
  const [value, setValue] = useState('');
  const [duration, setDuration] = useState<DiscountInput['duration']>('ONCE');
  const [years, setYears] = useState('2');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = isLiveSubscription(customer.subscriptionStatus);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const amount = Number(value);
    if (!value.trim() || !Number.isFinite(amount) || amount <= 0 || (kind === 'percent' && amount > 100)) {
      setError(kind === 'percent' ? 'Enter a percentage from 1 to 100' : 'Enter an amount in dollars, more than 0');
      return;
    }
    setError(null);
    setBusy(true);
    const input: DiscountInput = {
      ...(kind === 'percent' ? { percentOff: amount } : { amountOff: Math.round(amount * 100) }),
      duration,
      ...(duration === 'REPEATING' ? { durationInYears: Number(years) } : {}),
      ...(name.trim() ? { name: name.trim() } : {}),
    };
    if (await onSave(input)) {
      setValue('');
      setName('');
    }
    setBusy(false);
  };

  const remove = async () => {
    setBusy(true);
    await onRemove();
    setBusy(false);
  };

  return (
    <div className="discount-form">
      {current ? (
        <p>
          <strong>{describeDiscount(current)}</strong>
          {current.name ? ` (${current.name})` : ''}
          <br />
          <span className="muted">
            {current.redeemedAt ? `Used at checkout on ${formatDate(current.redeemedAt)}.` : 'Offered: the next checkout of this council carries it.'} Coupon {current.couponId}.
          </span>
        </p>
      ) : (
        <p className="muted">No discount offered.</p>
      )}
      {current && (
        <p>
          <button type="button" className="amplify-button" onClick={() => void remove()} disabled={busy}>Withdraw discount</button>
        </p>
      )}
      {live ? (
        <p className="muted">This council already pays; a discount applies to an onboarding checkout.</p>
      ) : (
        <form className="billing-form" onSubmit={submit} aria-label="Onboarding discount" noValidate>
          <fieldset>
            <legend>Discount</legend>
            <label className="check-row"><input type="radio" name="kind" checked={kind === 'percent'} onChange={() => setKind('percent')} /> Percent off</label>
            <label className="check-row"><input type="radio" name="kind" checked={kind === 'amount'} onChange={() => setKind('amount')} /> Dollars off</label>
          </fieldset>
          <label>
            {kind === 'percent' ? 'Percentage (1 to 100)' : 'Dollars, excluding GST'}
            <input name="discountValue" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={!!error} aria-describedby={error ? 'discount-error' : undefined} />
          </label>
          <div className="field">
            <label htmlFor="discount-duration">Applies to</label>
            <select id="discount-duration" name="duration" value={duration} onChange={(e) => setDuration(e.target.value as DiscountInput['duration'])}>
              <option value="ONCE">The first year</option>
              <option value="REPEATING">The first few years</option>
              <option value="FOREVER">Every year</option>
            </select>
          </div>
          {duration === 'REPEATING' && (
            <div className="field">
              <label htmlFor="discount-years">Number of years</label>
              <select id="discount-years" name="years" value={years} onChange={(e) => setYears(e.target.value)}>
                {['2', '3', '4', '5'].map((y) => <option key={y} value={y}>{y}</option>)}
              </select>
            </div>
          )}
          <label>
            Name (optional)
            <span className="hint" id="discount-name-hint">Shown on the checkout page and the invoice, e.g. Regional pilot.</span>
            <input name="discountName" value={name} maxLength={60} aria-describedby="discount-name-hint" onChange={(e) => setName(e.target.value)} />
          </label>
          {error && <p className="field-error" id="discount-error" role="alert">{error}</p>}
          <div>
            <button type="submit" className="amplify-button amplify-button--primary" disabled={busy}>{busy ? 'Saving…' : current ? 'Replace discount' : 'Offer discount'}</button>
          </div>
        </form>
      )}
    </div>
  );
}
