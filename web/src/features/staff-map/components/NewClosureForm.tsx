import { useState, type FormEvent } from 'react';
import { CLOSURE_TYPES } from '../../map/closure-display';

export interface NewClosureValues {
  lgaCode: string;
  type: string;
  reason: string;
  detour: string;
  scheduledFor: number | null;
  estimatedReopening: number | null;
}

interface Props {
  lgaCodes: Array<{ code: string; name: string }>;
  busy: boolean;
  error: string | null;
  onSubmit(values: NewClosureValues): void;
  onBack(): void;
}

const toSeconds = (value: string): number | null => (value ? Math.floor(new Date(value).getTime() / 1000) : null);

export function NewClosureForm({ lgaCodes, busy, error, onSubmit, onBack }: Props) {
  const [lgaCode, setLgaCode] = useState(lgaCodes[0]?.code ?? '');
  const [type, setType] = useState('roadworks');
  const [reason, setReason] = useState('');
  const [detour, setDetour] = useState('');
  const [scheduledFor, setScheduledFor] = useState('');
  const [estimatedReopening, setEstimatedReopening] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ lgaCode, type, reason: reason.trim(), detour: detour.trim(), scheduledFor: toSeconds(scheduledFor), estimatedReopening: toSeconds(estimatedReopening) });
  };
  return (
    <form onSubmit={submit} aria-label="New closure details">
      {lgaCodes.length > 1 && (
        <label>
          LGA
          <select value={lgaCode} onChange={(e) => setLgaCode(e.target.value)}>
            {lgaCodes.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
          </select>
        </label>
      )}
      <label>
        Type
        <select value={type} onChange={(e) => setType(e.target.value)} required>
          {CLOSURE_TYPES.map((t) => <option key={t.value} value={t.value}>{t.text}</option>)}
        </select>
      </label>
      <label>
        Reason
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} rows={3} />
      </label>
      <label>
        Detour (optional)
        <textarea value={detour} onChange={(e) => setDetour(e.target.value)} maxLength={500} rows={2} />
      </label>
      <label>
        Scheduled for (optional)
        <input type="datetime-local" value={scheduledFor} onChange={(e) => setScheduledFor(e.target.value)} />
      </label>
      <label>
        Estimated reopening (optional)
        <input type="datetime-local" value={estimatedReopening} onChange={(e) => setEstimatedReopening(e.target.value)} />
      </label>
      {error && <p className="draw-panel__error" role="alert">{error}</p>}
      <div className="draw-panel__actions">
        <button type="submit" className="map-button map-button--primary" disabled={busy || !lgaCode}>{busy ? 'Creating…' : 'Create closure'}</button>
        <button type="button" className="map-button" onClick={onBack} disabled={busy}>Back to drawing</button>
      </div>
    </form>
  );
}
