import { Alert, Button, StepperField } from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { useAppConfig } from '../../../config/app-config';
import { lgaQuery } from '../../lgas/api/lga';
import { generateDemoData, type DemoDataResult } from '../api/admin';
import { LgaPicker } from '../components/LgaPicker';
import '../components/admin.css';

/** /genseed: demo closures on a council's real roads, reports and subscribers, for demos and load tests. */
export function GenseedPage() {
  const app = useAppConfig();
  const [code, setCode] = useState('');
  const lga = useQuery(lgaQuery(code));
  const [counts, setCounts] = useState({ closures: 5, reports: 10, subscribers: 10 });
  const [result, setResult] = useState<DemoDataResult>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  if (app.stage === 'prod') {
    return (
      <div>
        <PageHeader title="Generate seed data" />
        <p>Demo data cannot be generated on the production site.</p>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) return setError('Choose an LGA first');
    setError(undefined);
    setResult(undefined);
    setBusy(true);
    try {
      setResult(await generateDemoData({ lgaCode: code, ...counts }));
      // Lists elsewhere (closures, subscriber counts) refresh in the background.
      void queryClient.invalidateQueries();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const stepper = (key: keyof typeof counts, label: string, max: number) => (
    <StepperField label={label} min={0} max={max} step={1} value={counts[key]} onStepChange={(v) => setCounts((c) => ({ ...c, [key]: v }))} />
  );

  return (
    <div>
      <PageHeader title="Generate seed data">Realistic demo data for one council: closures on its real roads, incident reports near them, and residents following it.</PageHeader>
      <LgaPicker onPick={setCode} />
      <form className="panel admin-section stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Demo data">
        <p style={{ margin: 0 }}>
          <strong>LGA:</strong> {code ? (lga.data ? `${lga.data.name} (${code})` : code) : 'none chosen yet'}
        </p>
        {stepper('closures', 'Closures (0 to 20)', 20)}
        {stepper('reports', 'Incident reports (0 to 40)', 40)}
        {stepper('subscribers', 'Subscribers (0 to 100)', 100)}
        {error && <Alert variation="error" role="alert">{error}</Alert>}
        {result && (
          <Alert variation="success" role="status">
            Created {result.closures} closures, {result.reports} reports and {result.subscribers} subscribers for {lga.data?.name ?? result.lgaCode}.{' '}
            <Link to="/admin/map">See them on the administrator map</Link>
          </Alert>
        )}
        <div><Button type="submit" variation="primary" isLoading={busy} loadingText="Generating…">Generate</Button></div>
      </form>
    </div>
  );
}
