import { useState } from 'react';
import { CLASSIFICATIONS, type Customer } from '../api/billing';

interface Props {
  customer: Customer;
  onSave(input: { emailSuffix: string; classification?: string }): Promise<boolean>;
}

/** The admin's settings of a council: its staff's mail domain (email suffix) and price classification. */
export function CustomerSettingsForm({ customer, onSave }: Props) {
  const [suffix, setSuffix] = useState(customer.emailSuffix ?? '');
  const [classification, setClassification] = useState(customer.classification ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await onSave({ emailSuffix: suffix.trim(), ...(classification ? { classification } : {}) });
    setBusy(false);
  };
  return (
    <form className="billing-form" onSubmit={submit} aria-label="Customer settings">
      <label>
        Email suffix
        <span className="hint" id="suffix-hint">Staff whose email is at this domain may request access and subscribe, e.g. forbes.nsw.gov.au. Leave empty to remove.</span>
        <input name="emailSuffix" value={suffix} maxLength={253} aria-describedby="suffix-hint" onChange={(e) => setSuffix(e.target.value)} />
      </label>
      <label>
        Classification
        <span className="hint" id="classification-hint">Picks the council's price.</span>
        <select name="classification" value={classification} aria-describedby="classification-hint" onChange={(e) => setClassification(e.target.value)}>
          <option value="">Not set (regional price)</option>
          {CLASSIFICATIONS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </label>
      <div>
        <button type="submit" className="amplify-button amplify-button--primary" disabled={busy}>{busy ? 'Saving…' : 'Save settings'}</button>
      </div>
    </form>
  );
}
