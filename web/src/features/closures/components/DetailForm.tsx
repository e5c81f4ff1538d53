import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api';
import { deleteClosureRegion, getClosure, updateClosure, type ClosureDetail } from '../api/closures';
import { DrawnByHandBadge } from './ClosureTable';
import { formatDistance, formatTableTimestamp, fromDatetimeLocal, regionLength, toDatetimeLocal } from '../format';
import { MAX_DETOUR, MAX_REASON, validateClosureForm, type ClosureFormErrors, type ClosureFormValues } from '../validation';
import { CLOSURE_TYPE_STYLE } from '../views';
import { closureDetailKey, useClosureCache } from '../hooks/useClosureCache';

// The input has minute precision: an untouched time keeps its stored seconds instead of being rounded.
const keptTime = (input: string, stored: number | null) => (input === toDatetimeLocal(stored) ? stored : fromDatetimeLocal(input));

const geometryText = (g: unknown) => (typeof g === 'string' ? g : JSON.stringify(g));

const sameValues = (a: ClosureFormValues, b: ClosureFormValues) => JSON.stringify(a) === JSON.stringify(b);

function initialValues(c: ClosureDetail): ClosureFormValues {
  return {
    type: c.type.value,
    reason: c.reason ?? '',
    detour: c.detour ?? '',
    condition: c.condition === 'changed' ? 'changed' : 'closed',
    scheduledFor: toDatetimeLocal(c.scheduledFor),
    estimatedReopening: toDatetimeLocal(c.estimatedReopening),
  };
}

/** Why a closure cannot be edited here, or null when it can. */
function readOnlyReason(c: ClosureDetail): string | null {
  if (c.deletedAt != null) return 'This closure is deleted. Restore it to edit it.';
  if (c.archivedAt != null) return 'This closure is archived and can no longer be edited.';
  if (c.condition === 'opened') return 'This closure has been reopened and can no longer be edited.';
  return null;
}

export function DetailForm({ closure }: { closure: ClosureDetail }) {
  const toast = useToast();
  const cache = useClosureCache();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => initialValues(closure));
  // The closure the form was filled in from: a save is checked against its version on the server.
  const [base, setBase] = useState(() => ({ version: closure.version, values: initialValues(closure) }));
  const [errors, setErrors] = useState<ClosureFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [regionError, setRegionError] = useState<string | null>(null);
  const readOnly = readOnlyReason(closure);
  const dirty = !sameValues(values, base.values);

  const adopt = (c: ClosureDetail) => {
    setValues(initialValues(c));
    setBase({ version: c.version, values: initialValues(c) });
    setErrors({});
    setFormError(null);
    setStale(false);
  };

  // A change that arrives live (another desk, a photo added here) refreshes an untouched form;
  // typed edits stay, and their save is checked against the version they started from.
  useEffect(() => {
    if (closure.version !== base.version && !dirty && !stale) adopt(closure);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [closure.version]);

  const reload = useMutation({
    mutationFn: () => getClosure(closure.id),
    onSuccess: (fresh) => {
      if (!fresh) return;
      queryClient.setQueryData(closureDetailKey(closure.id), fresh);
      adopt(fresh);
    },
    onError: (err) => setFormError(err.message),
  });

  const save = useMutation({
    mutationFn: () =>
      updateClosure(closure.id, {
        lgaCode: closure.lgaCode,
        type: values.type,
        reason: values.reason.trim() || null,
        detour: values.detour.trim() || null,
        condition: values.condition,
        // Region ids keep each drawn geometry as it is; geometry changes happen on the staff map.
        regions: closure.regions.map((r) => ({ id: r.id, geometry: geometryText(r.geometry) })),
        scheduledFor: keptTime(values.scheduledFor, closure.scheduledFor),
        estimatedReopening: keptTime(values.estimatedReopening, closure.estimatedReopening),
      }, base.version),
    onSuccess: (updated) => {
      cache.updated(updated);
      adopt(updated);
      toast.show({ kind: 'success', message: 'Closure saved.' });
    },
    onError: (err) => {
      setFormError(err.message);
      setStale(err instanceof ApiError && err.errorType === 'Conflict');
    },
  });

  const removeRegion = useMutation({
    mutationFn: (regionId: string) => deleteClosureRegion(closure.id, regionId),
    onSuccess: (updated) => {
      cache.updated(updated);
      // Removing a region does not touch the form's fields: its edits stay valid.
      setBase((b) => (b.version === closure.version ? { ...b, version: updated.version } : b));
      setRegionError(null);
      toast.show({ kind: 'success', message: 'Region removed.' });
    },
    onError: (err) => setRegionError(err.message),
  });

  const set = <K extends keyof ClosureFormValues>(key: K, value: ClosureFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateClosureForm(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate();
  };

  const errorProps = (key: keyof ClosureFormValues) =>
    errors[key] ? { 'aria-invalid': true, 'aria-describedby': `closure-${key}-error` } : {};
  const fieldError = (key: keyof ClosureFormValues) =>
    errors[key] ? <p id={`closure-${key}-error`} className="field-error">{errors[key]}</p> : null;

  return (
    <div className="cl-detail-grid">
      <form className="panel closure-form" onSubmit={onSubmit} aria-label="Closure details" noValidate>
        {readOnly && <p className="closure-form__readonly" role="note">{readOnly}</p>}
        <fieldset disabled={!!readOnly || save.isPending}>
          <legend className="visually-hidden">Closure details</legend>
          <label className="field">
            <span>Type</span>
            <select value={values.type} onChange={(e) => set('type', e.target.value)} {...errorProps('type')}>
              {Object.entries(CLOSURE_TYPE_STYLE).map(([value, style]) => (
                <option key={value} value={value}>{style.text}</option>
              ))}
            </select>
            {fieldError('type')}
          </label>
          <label className="field">
            <span>Reason</span>
            <textarea rows={4} value={values.reason} maxLength={MAX_REASON + 100} onChange={(e) => set('reason', e.target.value)} {...errorProps('reason')} />
            <small className="muted">{values.reason.trim().length} / {MAX_REASON}</small>
            {fieldError('reason')}
          </label>
          <label className="field">
            <span>Detour</span>
            <textarea rows={2} value={values.detour} maxLength={MAX_DETOUR + 100} onChange={(e) => set('detour', e.target.value)} {...errorProps('detour')} />
            <small className="muted">The way around the closure, e.g. "Use Henry Parkes Way". Shown on the public map and in posts and feeds.</small>
            {fieldError('detour')}
          </label>
          <div className="field">
            <span id="closure-condition-label">Condition</span>
            <div className="segmented" role="radiogroup" aria-labelledby="closure-condition-label">
              {(['closed', 'changed'] as const).map((c) => (
                <label key={c} className="segmented__option">
                  <input type="radio" name="condition" value={c} checked={values.condition === c} onChange={() => set('condition', c)} />
                  {c === 'closed' ? 'Closed' : 'Changed conditions'}
                </label>
              ))}
            </div>
          </div>
          <div className="field-row">
            <label className="field">
              <span>Scheduled start</span>
              <input type="datetime-local" value={values.scheduledFor} onChange={(e) => set('scheduledFor', e.target.value)} {...errorProps('scheduledFor')} />
              <small className="muted">Leave empty for a closure in force now.</small>
              {fieldError('scheduledFor')}
            </label>
            <label className="field">
              <span>Estimated reopening</span>
              <input type="datetime-local" value={values.estimatedReopening} onChange={(e) => set('estimatedReopening', e.target.value)} {...errorProps('estimatedReopening')} />
              {fieldError('estimatedReopening')}
            </label>
          </div>
          {formError && (
            <div className="cl-form-error" role="alert">
              <p>{formError}</p>
              {stale && (
                <button type="button" className="cl-button cl-button--small" onClick={() => reload.mutate()} disabled={reload.isPending}>
                  {reload.isPending ? 'Reloading…' : 'Reload'}
                </button>
              )}
            </div>
          )}
          <div className="closure-form__actions">
            <button type="submit" className="cl-button">{save.isPending ? 'Saving…' : 'Save changes'}</button>
            <button
              type="button"
              className="cl-button cl-button--secondary"
              onClick={() => {
                adopt(closure);
                void queryClient.invalidateQueries({ queryKey: ['closures', 'detail', closure.id] });
              }}
            >
              Discard changes
            </button>
          </div>
        </fieldset>
      </form>

      <section className="panel closure-regions" aria-labelledby="closure-regions-title">
        <h2 id="closure-regions-title">Regions</h2>
        <p className="muted">Each region is a stretch of road drawn on the map. A closure keeps at least one region.</p>
        <ul className="region-list">
          {closure.regions.map((r, i) => (
            <li key={r.id}>
              <div>
                <strong>Region {i + 1}</strong>
                <span className="muted"> · {formatDistance(regionLength(r.geometry))}</span>
                {r.updatedAt != null && <span className="muted"> · updated {formatTableTimestamp(r.updatedAt)}</span>}
                {r.drawnByHand && <> <DrawnByHandBadge /></>}
              </div>
              {!readOnly && (
                <button
                  type="button"
                  className="cl-button cl-button--small cl-button--secondary"
                  onClick={() => removeRegion.mutate(r.id)}
                  disabled={removeRegion.isPending}
                  aria-label={`Remove region ${i + 1}`}
                >
                  Remove region
                </button>
              )}
            </li>
          ))}
        </ul>
        {regionError && <p className="cl-form-error" role="alert">{regionError}</p>}
        <Link to={`/staff-map?closure=${encodeURIComponent(closure.id)}`}>Draw or change regions on the staff map →</Link>
      </section>
    </div>
  );
}
