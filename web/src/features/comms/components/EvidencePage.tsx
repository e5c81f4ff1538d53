// /comms/evidence: the Disaster Recovery Funding Arrangements evidence export for a council and a
// date range, as CSV and as a PDF report.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { LgaPicker } from '../../closures/components/LgaPicker';
import type { RouteDef } from '../../routing/route-table';
import { getEvidence, type Evidence } from '../api/comms';
import { getPhotoArchive, type PhotoArchive } from '../api/photos';
import { evidenceCsv, evidenceGeoJson, evidencePdf, exportFileName } from '../evidence-export';
import { useEvidenceLga } from '../hooks/useCommsLga';
import { useAuth } from '../../auth/auth-provider';
import { CommsNav } from './CommsNav';
import { DisasterEvents, useDisasterEvents } from './DisasterEvents';
import '../comms.css';

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function save(bytes: BlobPart, type: string, name: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function EvidencePage({ def }: { def: RouteDef }) {
  const { lgaCode, options, select, loading } = useEvidenceLga();
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getFullYear(), today.getMonth(), 1)));
  const [to, setTo] = useState(isoDay(today));
  const [problem, setProblem] = useState<string | null>(null);
  const [eventId, setEventId] = useState('');
  const { me, access } = useAuth();
  const roles = me?.managed.find((m) => m.lgaCode === lgaCode)?.roles ?? [];
  const canRecord = access.isAdmin || roles.includes('account_manager') || roles.includes('closure_administrator');
  const events = useDisasterEvents(lgaCode);
  const event = events.data?.find((e) => e.id === eventId);
  const [last, setLast] = useState<Evidence | null>(null);
  const [zipped, setZipped] = useState<PhotoArchive | null>(null);
  // The original photos with their register: the server writes the zip and hands a short-lived link.
  const photos = useMutation({
    mutationFn: () => (event ? getPhotoArchive(lgaCode!, null, null, event.id) : getPhotoArchive(lgaCode!, from, to)),
    onSuccess: (archive) => {
      setZipped(archive);
      setProblem(null);
      const link = document.createElement('a');
      link.href = archive.url;
      link.download = '';
      link.click();
    },
    onError: (error: Error) => setProblem(error.message),
  });
  const run = useMutation({
    mutationFn: async (format: 'csv' | 'pdf' | 'geojson') => {
      // The days are the council's: the server reads them in its time zone, whatever this browser's clock.
      const evidence = event ? await getEvidence(lgaCode!, null, null, event.id) : await getEvidence(lgaCode!, from, to);
      if (format === 'csv') save(evidenceCsv(evidence), 'text/csv;charset=utf-8', exportFileName(evidence, 'csv'));
      else if (format === 'geojson') save(evidenceGeoJson(evidence), 'application/geo+json', exportFileName(evidence, 'geojson'));
      else save(new Uint8Array(await evidencePdf(evidence)), 'application/pdf', exportFileName(evidence, 'pdf'));
      return evidence;
    },
    onSuccess: (evidence) => {
      setLast(evidence);
      setProblem(null);
    },
    onError: (error: Error) => setProblem(error.message),
  });
  const submit = (format: 'csv' | 'pdf' | 'geojson') => (event?: FormEvent) => {
    event?.preventDefault();
    if (!event && (!from || !to || to < from)) return setProblem('The end of the range must be after its start');
    run.mutate(format);
  };
  return (
    <div className="comms-page">
      <PageHeader title={def.title}>When each road was closed and why, for Disaster Recovery Funding Arrangements claims.</PageHeader>
      <CommsNav />
      {!lgaCode && !loading ? (
        <ErrorState title="No council to show" message="You need the media and communications manager or closure administrator role for a council." />
      ) : (
        <form className="panel comms-post" onSubmit={submit('csv')} aria-labelledby="evidence-form">
          <h2 id="evidence-form">Export closures</h2>
          <div className="comms-form">
            <LgaPicker value={lgaCode} options={options} onChange={select} />
            <label>
              Closures
              <select value={eventId} onChange={(e) => setEventId(e.target.value)}>
                <option value="">In effect during the days below</option>
                {(events.data ?? []).map((e) => <option key={e.id} value={e.id}>Tagged to {e.name}{e.agrn ? ` (AGRN ${e.agrn})` : ''}</option>)}
              </select>
            </label>
            {!event && <label>From<input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} required /></label>}
            {!event && <label>To<input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} required /></label>}
          </div>
          <p className="comms-hint">Days and times are the council&apos;s own (its state&apos;s time zone).</p>
          <div className="comms-actions">
            <button type="submit" className="comms-button" disabled={run.isPending || !lgaCode}>Download CSV</button>
            <button type="button" className="comms-button comms-button--secondary" disabled={run.isPending || !lgaCode} onClick={() => submit('pdf')()}>Download PDF report</button>
            <button type="button" className="comms-button comms-button--secondary" disabled={run.isPending || !lgaCode} onClick={() => submit('geojson')()}>Download lines (GeoJSON)</button>
            <button type="button" className="comms-button comms-button--secondary" disabled={photos.isPending || !lgaCode} onClick={() => photos.mutate()}>Photos (zip)</button>
            {(run.isPending || photos.isPending) && <span role="status">Preparing the export…</span>}
          </div>
          {problem && <p role="alert" className="comms-error">{problem}</p>}
          {zipped && !photos.isPending && <p role="status">Zipped {zipped.photoCount} original photo{zipped.photoCount === 1 ? '' : 's'} with the photo register (photos.csv).</p>}
          {last && !run.isPending && <p role="status">Exported {last.closures.length} closure{last.closures.length === 1 ? '' : 's'} of {last.lgaName ?? last.lgaCode}.</p>}
        </form>
      )}
      {lgaCode && <DisasterEvents lgaCode={lgaCode} canRecord={canRecord} />}
    </div>
  );
}
