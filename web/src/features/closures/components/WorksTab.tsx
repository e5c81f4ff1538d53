// /closures/{id}/works: what the council did and spent on the closure, for its DRFA claim
// (docs/drfa.md#works-and-costs): the road segment and chainage, traffic control, labour, plant and
// cost entries with who entered them, and their totals.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { formatTableTimestamp } from '../format';
import {
  COST_KINDS, WORK_KINDS, deleteWorkEntry, formatCents, formatDay, getClosureWorks, saveWorkEntry, worksKey,
  type ClosureWorks, type WorkEntry, type WorkKind,
} from '../api/works';
import { ClosureTableSkeleton } from './ClosureTable';
import { ConfirmDialog } from './ConfirmDialog';
import { RoadSegmentForm } from './RoadSegmentForm';

const kindText = (kind: string) => WORK_KINDS.find(([k]) => k === kind)?.[1] ?? kind;
const costText = (kind: string | null) => COST_KINDS.find(([k]) => k === kind)?.[1] ?? kind ?? '';
const who = (p: WorkEntry['enteredBy']) => p.displayName ?? p.email ?? p.uid;
const newId = () => crypto.randomUUID();
const today = () => new Date().toLocaleDateString('en-CA');

interface FormValues {
  kind: WorkKind;
  description: string;
  devices: string;
  fromDay: string;
  toDay: string;
  hours: string;
  amount: string;
  costKind: string;
  reference: string;
}

const blank = (): FormValues => ({ kind: 'traffic_control', description: '', devices: '', fromDay: today(), toDay: today(), hours: '', amount: '', costKind: '', reference: '' });

const valuesOf = (e: WorkEntry): FormValues => ({
  kind: e.kind,
  description: e.description ?? '',
  devices: e.devices?.toString() ?? '',
  fromDay: e.fromDay ?? '',
  toDay: e.toDay ?? '',
  hours: e.hours?.toString() ?? '',
  amount: e.amountCents == null ? '' : (e.amountCents / 100).toFixed(2),
  costKind: e.costKind ?? '',
  reference: e.reference ?? '',
});

/** What the entry says, in a line: "3 devices, 20/11/2026 to 22/11/2026 (9 device-days)". */
function detailOf(e: WorkEntry): string {
  if (e.kind === 'traffic_control') return `${e.devices} device${e.devices === 1 ? '' : 's'}, ${formatDay(e.fromDay)} to ${formatDay(e.toDay)}`;
  if (e.kind === 'cost') return `${formatCents(e.amountCents ?? 0)} ${costText(e.costKind).toLowerCase()}, ${formatDay(e.fromDay)}`;
  return `${e.hours} h, ${formatDay(e.fromDay)}`;
}

function EntryForm({ closureId, editing, onDone }: { closureId: string; editing: WorkEntry | null; onDone: () => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => (editing ? valuesOf(editing) : blank()));
  // A new entry's id is made when the form opens: saving it twice makes one entry.
  const [id, setId] = useState(() => editing?.id ?? newId());
  const set = (key: keyof FormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const number = (v: string) => (v.trim() === '' ? null : Number(v));
  const save = useMutation({
    mutationFn: () =>
      saveWorkEntry({
        closureId,
        id,
        kind: values.kind,
        description: values.description.trim() || null,
        devices: values.kind === 'traffic_control' ? number(values.devices) : null,
        fromDay: values.fromDay || null,
        toDay: values.kind === 'traffic_control' ? values.toDay || null : null,
        hours: values.kind === 'labour' || values.kind === 'plant' ? number(values.hours) : null,
        amountCents: values.kind === 'cost' && values.amount.trim() !== '' ? Math.round(Number(values.amount) * 100) : null,
        costKind: values.kind === 'cost' ? values.costKind || null : null,
        reference: values.reference.trim() || null,
        version: editing?.version ?? null,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: worksKey(closureId) });
      setValues(blank());
      setId(newId());
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const k = values.kind;
  return (
    <form className="panel closure-form" onSubmit={submit} aria-labelledby="work-entry-title" noValidate>
      <h2 id="work-entry-title">{editing ? 'Edit entry' : 'Add an entry'}</h2>
      <div className="works-fields">
        <label className="field">
          <span>Kind</span>
          <select value={k} onChange={(e) => setValues((v) => ({ ...v, kind: e.target.value as WorkKind }))}>
            {WORK_KINDS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </label>
        {k === 'traffic_control' && (
          <label className="field"><span>Devices</span><input type="number" min={1} step={1} value={values.devices} onChange={set('devices')} /></label>
        )}
        <label className="field">
          <span>{k === 'traffic_control' ? 'First day' : 'Day of the work'}</span>
          <input type="date" value={values.fromDay} onChange={set('fromDay')} />
        </label>
        {k === 'traffic_control' && <label className="field"><span>Last day</span><input type="date" value={values.toDay} min={values.fromDay} onChange={set('toDay')} /></label>}
        {(k === 'labour' || k === 'plant') && (
          <label className="field"><span>Hours</span><input type="number" min={0} step={0.25} value={values.hours} onChange={set('hours')} /></label>
        )}
        {k === 'cost' && (
          <>
            <label className="field"><span>Amount (AUD)</span><input type="number" min={0} step={0.01} value={values.amount} onChange={set('amount')} /></label>
            <label className="field">
              <span>What it was for</span>
              <select value={values.costKind} onChange={set('costKind')}>
                <option value="">Choose…</option>
                {COST_KINDS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
              </select>
            </label>
          </>
        )}
        <label className="field">
          <span>{k === 'plant' ? 'Plant (e.g. grader)' : k === 'traffic_control' ? 'Devices used (e.g. signs, barriers)' : 'Description'}</span>
          <input type="text" value={values.description} maxLength={500} onChange={set('description')} />
        </label>
        <label className="field">
          <span>Reference (invoice, work order, timesheet)</span>
          <input type="text" value={values.reference} maxLength={60} onChange={set('reference')} />
        </label>
      </div>
      {save.error && <p className="cl-form-error" role="alert">{save.error.message}</p>}
      <div className="closure-form__actions">
        <button type="submit" className="cl-button" disabled={save.isPending}>{save.isPending ? 'Saving…' : editing ? 'Save entry' : 'Add entry'}</button>
        {editing && <button type="button" className="cl-button cl-button--secondary" onClick={onDone}>Cancel</button>}
      </div>
    </form>
  );
}

function Totals({ works }: { works: ClosureWorks }) {
  const t = works.totals;
  return (
    <dl className="works-totals" aria-label="Totals">
      <div><dt>Labour</dt><dd>{t.labourHours} h</dd></div>
      <div><dt>Plant</dt><dd>{t.plantHours} h</dd></div>
      <div><dt>Traffic control</dt><dd>{t.deviceDays} device-days</dd></div>
      <div><dt>Costs</dt><dd>{formatCents(t.costCents)}</dd></div>
    </dl>
  );
}

export function WorksTab({ closureId }: { closureId: string }) {
  const client = useQueryClient();
  const works = useQuery({ queryKey: worksKey(closureId), queryFn: () => getClosureWorks(closureId) });
  const [editing, setEditing] = useState<WorkEntry | null>(null);
  const [removing, setRemoving] = useState<WorkEntry | null>(null);
  const remove = useMutation({
    mutationFn: (e: WorkEntry) => deleteWorkEntry(closureId, e.id),
    onSettled: async () => {
      setRemoving(null);
      await client.invalidateQueries({ queryKey: worksKey(closureId) });
    },
  });
  if (works.isPending) return <ClosureTableSkeleton />;
  if (works.isError) return <ErrorState title="Failed to load the works and costs" message={works.error.message} onRetry={() => void works.refetch()} />;
  const w = works.data;
  return (
    <div className="works">
      <RoadSegmentForm key={w.closureId} works={w} />
      <section className="panel" aria-labelledby="works-title">
        <h2 id="works-title">Works and costs</h2>
        <p className="muted">Traffic control, labour, plant and costs for the council&apos;s disaster recovery claim. Each entry keeps who entered it.</p>
        <Totals works={w} />
        {w.entries.length === 0 ? (
          <p role="status">No works or costs entered yet.</p>
        ) : (
          <ul className="works-list">
            {w.entries.map((e) => (
              <li key={e.id} className="works-entry">
                <div>
                  <strong>{kindText(e.kind)}</strong>: {detailOf(e)}
                  {e.description && <> · {e.description}</>}
                  {e.reference && <> · ref. {e.reference}</>}
                  <br />
                  <small className="muted">Entered by {who(e.enteredBy)} {formatTableTimestamp(e.enteredAt)}{e.updatedBy && <>; changed by {who(e.updatedBy)} {formatTableTimestamp(e.updatedAt)}</>}</small>
                </div>
                <div className="works-entry__actions">
                  <button type="button" className="cl-button cl-button--small cl-button--secondary" onClick={() => setEditing(e)}>Edit<span className="visually-hidden"> {kindText(e.kind)} {detailOf(e)}</span></button>
                  <button type="button" className="cl-button cl-button--small cl-button--secondary" onClick={() => setRemoving(e)}>Delete<span className="visually-hidden"> {kindText(e.kind)} {detailOf(e)}</span></button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {remove.error && <p className="cl-form-error" role="alert">{remove.error.message}</p>}
      </section>
      <EntryForm key={editing?.id ?? 'new'} closureId={closureId} editing={editing} onDone={() => setEditing(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="Delete this entry?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>{removing ? `${kindText(removing.kind)}: ${detailOf(removing)}` : ''}. It leaves the claim&apos;s registers and totals.</p>
      </ConfirmDialog>
    </div>
  );
}
