import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { LgaPicker } from '../../admin/components/LgaPicker';
import { lgaQuery } from '../../lgas/api/lga';
import { checkoutPriceQuery, createCheckoutSession, createQuote } from '../api/billing';
import { describeDiscount, formatCents } from '../format';
import type { RouteDef } from '../../routing/route-table';
import { OnboardingGate } from './OnboardingGate';
import { PriceRows } from './PriceRows';
import './billing.css';

export const PO_NUMBER_MAX = 50;

/** /onboard: the council picker, then /onboard?lga={code}: the officer subscribes that council. */
export function OnboardPage({ def }: { def: RouteDef }) {
  const [params] = useSearchParams();
  const code = params.get('lga') ?? '';
  return <OnboardingGate def={def}>{code ? <OnboardForm code={code} /> : <OnboardCouncilPicker />}</OnboardingGate>;
}

/** No council named in the address: search for it by name or code (keyboard: type, Tab to a result, Enter). */
function OnboardCouncilPicker() {
  const navigate = useNavigate();
  return (
    <div>
      <header className="page-header">
        <h1>Subscribe your council</h1>
        <p>Find your council to see its price, start a 30-day trial or get a quote for your finance team.</p>
      </header>
      <section className="panel" aria-labelledby="pick-title">
        <h2 id="pick-title">Which council?</h2>
        <LgaPicker label="Council name or LGA code" showStatus={false} onPick={(picked) => navigate(`/onboard?lga=${encodeURIComponent(picked)}`)} />
      </section>
    </div>
  );
}

/** /onboard?lga={code}: a council officer subscribes their council (price, PO number, trial). */
function OnboardForm({ code }: { code: string }) {
  const [params] = useSearchParams();
  const lga = useQuery(lgaQuery(code));
  const price = useQuery(checkoutPriceQuery(code));
  const navigate = useNavigate();
  const [poNumber, setPoNumber] = useState('');
  const [trial, setTrial] = useState(true);
  const [busy, setBusy] = useState<'checkout' | 'quote' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const poError = poNumber.length > PO_NUMBER_MAX ? `PO number is too long (maximum ${PO_NUMBER_MAX} characters)` : null;

  const checkout = async (event: React.FormEvent) => {
    event.preventDefault();
    if (poError || busy) return;
    setBusy('checkout');
    setError(null);
    try {
      const session = await createCheckoutSession({ lgaCode: code, poNumber: poNumber.trim() || undefined, skipTrial: !trial || price.data?.trialDays === 0 });
      window.location.assign(session.url);
    } catch (err) {
      setError((err as Error).message);
      setBusy(null);
    }
  };

  const quote = async () => {
    if (poError || busy) return;
    setBusy('quote');
    try {
      const q = await createQuote({ lgaCode: code, poNumber: poNumber.trim() || undefined });
      navigate(`/quote/${q.id}`);
    } catch (err) {
      setError((err as Error).message);
      setBusy(null);
    }
  };

  if (lga.isPending || price.isPending) return <PageLoader label="Loading your council's price…" />;
  if (price.isError) return <ErrorState message={price.error.message} onRetry={() => void price.refetch()} />;
  const p = price.data;
  // The server offers the trial once per council (0 days for a council that has had a subscription).
  const withTrial = trial && p.trialDays > 0;
  return (
    <div>
      <header className="page-header">
        <h1>Subscribe {lga.data?.name ?? 'your council'}</h1>
        <p>Closures, incident report moderation, the staff map and communications for your council's team.</p>
      </header>
      {params.get('cancelled') && <p className="panel" role="status">Checkout was cancelled; nothing was charged. You can start again below.</p>}
      <div className="billing-grid">
        <section className="panel price-box" aria-labelledby="price-title">
          <h2 id="price-title">{p.name}</h2>
          <p><strong>{formatCents(p.unitAmount, p.currency)}</strong> per {p.interval} + GST</p>
          {p.discount && (
            <p className="discount-note">
              Your council has a discount: <strong>{describeDiscount(p.discount)}</strong>. It is applied at checkout.
            </p>
          )}
          <dl className="facts">
            <PriceRows price={p} />
          </dl>
        </section>
        <section className="panel" aria-labelledby="details-title">
          <h2 id="details-title">Your details</h2>
          <form className="billing-form" onSubmit={checkout}>
            <label>
              PO number (optional)
              <input name="poNumber" value={poNumber} onChange={(e) => setPoNumber(e.target.value)} aria-invalid={!!poError} aria-describedby="po-error" />
              {poError && <span className="field-error" id="po-error">{poError}</span>}
            </label>
            {p.trialDays > 0 ? (
              <label className="check-row">
                <input type="checkbox" checked={trial} onChange={(e) => setTrial(e.target.checked)} />
                Start with a free {p.trialDays}-day trial
              </label>
            ) : (
              <p className="muted">Your council has had its free trial: the subscription starts when you pay.</p>
            )}
            {error && <p className="field-error" role="alert">{error}</p>}
            <div className="row-actions">
              <button type="submit" className="amplify-button amplify-button--primary" disabled={!!busy || !!poError}>
                {busy === 'checkout' ? 'Opening checkout…' : withTrial ? 'Start trial' : 'Continue to payment'}
              </button>
              <button type="button" className="amplify-button" onClick={() => void quote()} disabled={!!busy || !!poError}>
                {busy === 'quote' ? 'Preparing quote…' : 'Get a quote for finance'}
              </button>
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
