// The council's disaster events on the DRFA evidence screen: record one (name, AGRN once declared,
// days, activated measures), edit it, and tag the closures it affected, one by one or all those in
// effect during its days (docs/drfa.md#disaster-events).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getEvidence } from '../api/comms';
import { DRFA_MEASURES, WHOLE_COUNCIL, listEvents, saveEvent, tagClosures, type DisasterEvent } from '../api/drfa';
import { formatWhen } from '../evidence-export';
import { ClaimPackButton } from './ClaimPackButton';

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** "Labour 9.75 h, plant 4 h, 9 device-days, $1,334.50" */
const totalsText = (t: DisasterEvent['totals']) =>
  t.entries === 0 ? 'None entered' : `Labour ${t.labourHours} h, plant ${t.plantHours} h, ${t.deviceDays} device-days, ${money(t.costCents)}`;

const todayIn = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });
const blank = { name: '', agrn: '', startDay: '', endDay: '', measures: [] as string[] };

export const eventsKey = (lgaCode: string) => ['disasterEvents', lgaCode];
export const useDisasterEvents = (lgaCode: string | null) =>
  useQuery({ queryKey: eventsKey(lgaCode ?? ''), queryFn: () => listEvents(lgaCode!), enabled: Boolean(lgaCode) });

function EventForm({ lgaCode, editing, onDone }: { lgaCode: string; editing: DisasterEvent | null; onDone: () => void }) {
  const client = useQueryClient();
  const [form, setForm] = useState(editing ? { name: editing.name, agrn: editing.agrn ?? '', startDay: editing.startDay, endDay: editing.endDay ?? '', measures: editing.measures } : blank);
  const save = useMutation({
    mutationFn: () =>
      saveEvent({ ...(editing ? { id: editing.id, version: editing.version } : {}), lgaCode, name: form.name, agrn: form.agrn || null, startDay: form.startDay, endDay: form.endDay || null, measures: form.measures }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: eventsKey(lgaCode) });
      setForm(blank);
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const toggle = (measure: string) =>
    setForm((f) => ({ ...f, measures: f.measures.includes(measure) ? f.measures.filter((m) => m !== measure) : [...f.measures, measure] }));
  return (
    <form className="comms-post" onSubmit={submit} aria-labelledby="event-form">
      <h3 id="event-form">{editing ? `Edit ${editing.name}` : 'Record a disaster event'}</h3>
      <div className="comms-form">
        <label>Event name<input type="text" value={form.name} maxLength={120} required onChange={(e) => setForm({ ...form, name: e.target.value })} /></label>
        <label>AGRN (once declared)<input type="text" value={form.agrn} maxLength={12} placeholder="AGRN 1034" onChange={(e) => setForm({ ...form, agrn: e.target.value })} /></label>
        <label>First day<input type="date" value={form.startDay} required onChange={(e) => setForm({ ...form, startDay: e.target.value })} /></label>
        <label>Last day (if over)<input type="date" value={form.endDay} min={form.startDay} onChange={(e) => setForm({ ...form, endDay: e.target.value })} /></label>
      </div>
      <fieldset className="comms-fieldset">
        <legend>Activated measures</legend>
        {DRFA_MEASURES.map(([value, text]) => (
          <label key={value} className="comms-check"><input type="checkbox" checked={form.measures.includes(value)} onChange={() => toggle(value)} />{text}</label>
        ))}
      </fieldset>
      <div className="comms-actions">
        <button type="submit" className="comms-button" disabled={save.isPending}>{editing ? 'Save event' : 'Record event'}</button>
        {editing && <button type="button" className="comms-button comms-button--secondary" onClick={onDone}>Cancel</button>}
      </div>
      {save.error && <p role="alert" className="comms-error">{save.error.message}</p>}
    </form>
  );
}

/** The closures in effect during the event's days, ticked when tagged. */
function EventClosures({ event, onDone }: { event: DisasterEvent; onDone: () => void }) {
  const client = useQueryClient();
  const candidates = useQuery({
    queryKey: ['eventCandidates', event.id],
    queryFn: async () => {
      const probe = await getEvidence(event.lgaCode, event.startDay, event.startDay);
      const last = event.endDay ?? todayIn(probe.timeZone);
      return last === event.startDay ? probe : getEvidence(event.lgaCode, event.startDay, last < event.startDay ? event.startDay : last);
    },
  });
  const [chosen, setChosen] = useState(() => new Set(event.closureIds));
  const done = async () => {
    await client.invalidateQueries({ queryKey: eventsKey(event.lgaCode) });
    onDone();
  };
  const save = useMutation({
    mutationFn: async () => {
      const add = [...chosen].filter((id) => !event.closureIds.includes(id));
      const remove = event.closureIds.filter((id) => !chosen.has(id));
      if (add.length) await tagClosures({ eventId: event.id, closureIds: add });
      if (remove.length) await tagClosures({ eventId: event.id, closureIds: remove, remove: true });
    },
    onSuccess: done,
  });
  const all = useMutation({
    mutationFn: () => tagClosures({ eventId: event.id, area: WHOLE_COUNCIL, fromDay: event.startDay, toDay: event.endDay ?? todayIn(candidates.data?.timeZone ?? 'Australia/Sydney') }),
    onSuccess: done,
  });
  const toggle = (id: string) => setChosen((s) => { const next = new Set(s); if (next.has(id)) next.delete(id); else next.add(id); return next; });
  const tz = candidates.data?.timeZone ?? 'Australia/Sydney';
  return (
    <section className="comms-post" aria-labelledby="event-closures">
      <h3 id="event-closures">Closures of {event.name}</h3>
      {candidates.isPending && <p role="status">Loading the closures in effect during the event…</p>}
      {candidates.error && <p role="alert" className="comms-error">{candidates.error.message}</p>}
      {candidates.data && candidates.data.closures.length === 0 && <p>No closures were in effect during the event&apos;s days.</p>}
      {candidates.data && candidates.data.closures.length > 0 && (
        <ul className="comms-closures">
          {candidates.data.closures.map((c) => (
            <li key={c.id}>
              <label>
                <input type="checkbox" checked={chosen.has(c.id)} onChange={() => toggle(c.id)} />
                <span>{c.type.text}: {[c.road, c.locality].filter(Boolean).join(', ') || c.formattedAddress || c.id}, from {formatWhen(c.firstClosed, tz)}{c.deletedAt ? ' (deleted)' : ''}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="comms-actions">
        <button type="button" className="comms-button" disabled={save.isPending || !candidates.data} onClick={() => save.mutate()}>Save tags</button>
        <button type="button" className="comms-button comms-button--secondary" disabled={all.isPending} onClick={() => all.mutate()}>Tag every closure in effect during these days</button>
        <button type="button" className="comms-button comms-button--secondary" onClick={onDone}>Close</button>
      </div>
      {(save.error ?? all.error) && <p role="alert" className="comms-error">{(save.error ?? all.error)!.message}</p>}
    </section>
  );
}

export function DisasterEvents({ lgaCode, canRecord }: { lgaCode: string; canRecord: boolean }) {
  const events = useDisasterEvents(lgaCode);
  const [editing, setEditing] = useState<DisasterEvent | null>(null);
  const [tagging, setTagging] = useState<DisasterEvent | null>(null);
  const measureText = (m: string) => DRFA_MEASURES.find(([v]) => v === m)?.[1] ?? m;
  return (
    <section className="panel comms-post" aria-labelledby="events-heading">
      <h2 id="events-heading">Disaster events</h2>
      <p>Claims are made per declared event, named by its AGRN. Tag the closures each event caused, enter their works and costs on each closure&apos;s Works and costs tab, then download the event&apos;s claim pack: a zip with a PDF summary, the registers as CSV and a workbook (XLSX), and the closures&apos; lines (GeoJSON).</p>
      {events.error && <p role="alert" className="comms-error">{events.error.message}</p>}
      {events.data && events.data.length === 0 && <p>No events recorded yet.</p>}
      {events.data && events.data.length > 0 && (
        <table className="comms-table">
          <thead><tr><th scope="col">Event</th><th scope="col">AGRN</th><th scope="col">Days</th><th scope="col">Measures</th><th scope="col">Closures</th><th scope="col">Works and costs</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {events.data.map((e) => (
              <tr key={e.id}>
                <td>{e.name}</td>
                <td>{e.agrn ? `AGRN ${e.agrn}` : 'Not declared'}</td>
                <td>{e.startDay} to {e.endDay ?? 'now'}</td>
                <td>{e.measures.map(measureText).join(', ') || 'None recorded'}</td>
                <td>{e.closureIds.length}</td>
                <td>{totalsText(e.totals)}</td>
                <td className="comms-actions">
                  <ClaimPackButton event={e} />
                  {canRecord && (
                    <>
                      <button type="button" className="comms-button comms-button--secondary" onClick={() => { setTagging(null); setEditing(e); }}>Edit<span className="visually-hidden"> {e.name}</span></button>
                      <button type="button" className="comms-button comms-button--secondary" onClick={() => { setEditing(null); setTagging(e); }}>Tag closures<span className="visually-hidden"> of {e.name}</span></button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canRecord && tagging && <EventClosures key={tagging.id} event={tagging} onDone={() => setTagging(null)} />}
      {canRecord && <EventForm key={editing?.id ?? 'new'} lgaCode={lgaCode} editing={editing} onDone={() => setEditing(null)} />}
    </section>
  );
}
