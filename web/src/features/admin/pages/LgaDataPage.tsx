import { Alert, Button } from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import { lgaDataImportsQuery, rollbackLgaData, uploadLgaData } from '../api/admin';
import { formatBytes, formatLongTimestamp, formatTime } from '../components/format';
import '../components/admin.css';

const MAX_BYTES = 50 * 1024 * 1024;
const NOT_PUBLISHED = 'The file was not published. ';

/** The server lists a malformed file's problems in one message; shown as a list. */
function Problems({ message }: { message: string }) {
  if (!message.startsWith(NOT_PUBLISHED)) return <>{message}</>;
  return (
    <>
      The file was not published; the current boundaries stay as they are.
      <ul className="admin-problems">
        {message.slice(NOT_PUBLISHED.length).split('; ').map((p) => <li key={p}>{p}</li>)}
      </ul>
    </>
  );
}

/** /admin/lga-data: the current LGA boundaries bundle, uploading a new ABS GeoJSON, rollback. */
export function LgaDataPage() {
  const imports = useQuery(lgaDataImportsQuery());
  const queryClient = useQueryClient();
  const toast = useToast();
  const fileRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'upload' | 'rollback'>();

  // This app, like every other, picks the new import up at its next check (the "local data installed" guard).
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'lgaDataImports'] });

  const onUpload = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return setError('Choose a GeoJSON file first');
    if (file.size > MAX_BYTES) return setError('The file is larger than 50 MB');
    setError(undefined);
    setBusy('upload');
    try {
      const published = await uploadLgaData(file);
      toast.show({ kind: 'success', message: `Published: ${published.lgaCount} LGAs. Every app downloads them on its next check.` });
      if (fileRef.current) fileRef.current.value = '';
      await refresh();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const onRollback = async () => {
    if (!window.confirm('Publish the previous boundaries again? Every app downloads them on its next check.')) return;
    setBusy('rollback');
    try {
      const item = await rollbackLgaData();
      toast.show({ kind: 'success', message: `Rolled back: ${item.lgaCount} LGAs are current again.` });
      await refresh();
    } catch (err) {
      toast.show({ kind: 'error', message: (err as Error).message });
    } finally {
      setBusy(undefined);
    }
  };

  const current = imports.data?.[0];
  return (
    <div>
      <PageHeader title="LGA data">The council boundaries every app keeps on the device. A new import makes each app download them again.</PageHeader>
      {imports.isPending ? (
        <PageLoader label="Loading imports…" />
      ) : imports.isError ? (
        <ErrorState message={imports.error.message} onRetry={() => void imports.refetch()} />
      ) : (
        <>
          <section className="panel" aria-labelledby="current-title">
            <h2 id="current-title" style={{ marginTop: 0 }}>Current boundaries</h2>
            {current ? (
              <p>
                Imported <strong>{formatLongTimestamp(current.timestamp)}</strong> · {current.lgaCount} LGAs · {formatBytes(current.bytes)} (compressed)
                {current.rolledBackFrom && <> · a rollback to the import of {formatLongTimestamp(current.rolledBackFrom)}</>}
              </p>
            ) : (
              <p>No LGA data imports configured on the server.</p>
            )}
          </section>
          <form className="panel admin-section stack" onSubmit={(e) => void onUpload(e)} aria-labelledby="upload-title" noValidate>
            <h2 id="upload-title">Upload new boundaries</h2>
            <p className="muted" id="upload-help">
              An ABS LGA GeoJSON FeatureCollection (at most 50 MB; .gz accepted): every feature needs a 5-digit <code>lga_code</code> and a
              Polygon or MultiPolygon; <code>lga_name</code> and <code>ste_name</code> are used when present. A file with any problem changes nothing.
            </p>
            <label htmlFor="lga-file"><strong>GeoJSON file</strong></label>
            <input id="lga-file" className="admin-file-input" ref={fileRef} type="file" accept=".geojson,.json,.gz,application/geo+json,application/json" aria-describedby="upload-help" />
            {error && <Alert variation="error" role="alert"><Problems message={error} /></Alert>}
            <div><Button type="submit" variation="primary" isLoading={busy === 'upload'} loadingText="Uploading and checking…">Validate and publish</Button></div>
          </form>
          <section className="panel admin-section" aria-labelledby="history-title">
            <h2 id="history-title">Imports</h2>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr><th scope="col">Imported</th><th scope="col">LGAs</th><th scope="col">Size</th><th scope="col">Note</th></tr>
                </thead>
                <tbody>
                  {imports.data.map((i) => (
                    <tr key={i.timestamp}>
                      <td>{formatTime(i.timestamp)}</td>
                      <td>{i.lgaCount}</td>
                      <td>{formatBytes(i.bytes)}</td>
                      <td>{[i.current ? 'Current' : null, i.rolledBackFrom ? `Rollback to ${formatTime(i.rolledBackFrom)}` : null].filter(Boolean).join(' · ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              <Button onClick={() => void onRollback()} isDisabled={imports.data.length < 2} isLoading={busy === 'rollback'} loadingText="Rolling back…">
                Roll back to the previous import
              </Button>
            </p>
          </section>
        </>
      )}
    </div>
  );
}
