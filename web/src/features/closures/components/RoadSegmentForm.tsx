// The council's own road segment id and chainage of a closure (DRFA claims; docs/drfa.md#location).
// Editable whatever the closure's state: claims are made after the road reopens.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { chainageProblems, saveRoadSegment, worksKey, type ClosureWorks } from '../api/works';

const text = (n: number | null) => (n == null ? '' : n.toFixed(3));

export function RoadSegmentForm({ works }: { works: ClosureWorks }) {
  const client = useQueryClient();
  const [segment, setSegment] = useState(works.roadSegmentId ?? '');
  const [start, setStart] = useState(text(works.chainageStartKm));
  const [end, setEnd] = useState(text(works.chainageEndKm));
  const [problems, setProblems] = useState<{ start?: string; end?: string }>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      saveRoadSegment({
        closureId: works.closureId,
        roadSegmentId: segment.trim() || null,
        chainageStartKm: start.trim() === '' ? null : Number(start),
        chainageEndKm: end.trim() === '' ? null : Number(end),
        version: works.segmentVersion,
      }),
    onSuccess: (fresh) => {
      client.setQueryData(worksKey(works.closureId), fresh);
      setSaved(true);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const found = chainageProblems(start, end);
    setProblems(found);
    if (found.start || found.end) return;
    save.mutate();
  };
  const invalid = (key: 'start' | 'end') => (problems[key] ? { 'aria-invalid': true, 'aria-describedby': `chainage-${key}-error` } : {});
  return (
    <form className="panel closure-form works-segment" onSubmit={submit} aria-labelledby="segment-title" noValidate>
      <h2 id="segment-title">Road segment and chainage</h2>
      <p className="muted">The council&apos;s own asset id and the kilometres along the road, as the claim&apos;s registers give them.</p>
      <div className="works-fields">
        <label className="field">
          <span>Road segment id</span>
          <input type="text" value={segment} maxLength={60} onChange={(e) => setSegment(e.target.value)} />
        </label>
        <label className="field">
          <span>Chainage start (km)</span>
          <input type="text" inputMode="decimal" placeholder="12.350" value={start} onChange={(e) => setStart(e.target.value)} {...invalid('start')} />
          {problems.start && <p id="chainage-start-error" className="field-error">{problems.start}</p>}
        </label>
        <label className="field">
          <span>Chainage end (km)</span>
          <input type="text" inputMode="decimal" placeholder="13.100" value={end} onChange={(e) => setEnd(e.target.value)} {...invalid('end')} />
          {problems.end && <p id="chainage-end-error" className="field-error">{problems.end}</p>}
        </label>
      </div>
      {save.error && <p className="cl-form-error" role="alert">{save.error.message}</p>}
      <div className="closure-form__actions">
        <button type="submit" className="cl-button" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save segment'}</button>
        {saved && !save.isPending && <span role="status">Segment saved.</span>}
      </div>
    </form>
  );
}
