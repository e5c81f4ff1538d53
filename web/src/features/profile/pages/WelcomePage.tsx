import { Alert, Button } from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageLoader } from '../../../components/PageLoader';
import { ErrorState } from '../../../components/ErrorState';
import { useAuth } from '../../auth/auth-provider';
import { acceptTerms, lgasQuery, profileQuery, updateProfile } from '../../identity/api/identity';
import { safeRedirect } from '../../routing/redirect';
import { LgaPicker } from '../components/LgaPicker';
import { useLocateLga } from '../hooks';
import '../components/profile.css';

/** /welcome: a new user's first stop, to set their council (and accept the terms). */
export function WelcomePage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const next = safeRedirect(search.get('redirect'));
  const lgas = useQuery(lgasQuery);
  const profile = useQuery(profileQuery);
  const [lgaCode, setLgaCode] = useState<string | null>(null);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<{ lga?: string; terms?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { locate, locating, error: locateError } = useLocateLga();

  if (lgas.isPending || profile.isPending) return <PageLoader label="Loading councils…" />;
  if (lgas.isError) return <ErrorState message={lgas.error.message} onRetry={() => void lgas.refetch()} />;
  if (profile.isError) return <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />;

  const chosen = lgaCode ?? profile.data.lgaCode;
  const needsTerms = !profile.data.acceptedTermsAt;
  const name = profile.data.preferredName || profile.data.displayName || auth.me?.displayName || '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: typeof errors = {};
    if (!chosen) found.lga = 'Choose your council';
    if (needsTerms && !terms) found.terms = 'Accept the terms of use to continue';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (profile.data.demo) throw new Error('This is disabled in demo mode');
      if (chosen !== profile.data.lgaCode) await updateProfile({ lgaCode: chosen });
      if (needsTerms) await acceptTerms();
      await queryClient.invalidateQueries({ queryKey: ['myProfile'] });
      await auth.refresh();
      navigate(next, { replace: true });
    } catch (err) {
      setFormError(`Could not save your council: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="welcome">
      <header className="page-header">
        <h1>Welcome{name ? `, ${name}` : ''}</h1>
        <p>Which council area do you live in or travel through most? We use it for your map, your dashboard and the closures we tell you about.</p>
      </header>
      <form className="panel" aria-label="Choose your council" noValidate onSubmit={(e) => void onSubmit(e)}>
        {formError && <Alert variation="error" role="alert">{formError}</Alert>}
        <LgaPicker label="Your council (LGA)" lgas={lgas.data} value={chosen} onChange={(code) => setLgaCode(code)} errorMessage={errors.lga} />
        <div>
          <Button
            isLoading={locating}
            loadingText="Finding your council…"
            onClick={() =>
              void locate().then((found) => {
                if (found?.lga) setLgaCode(found.lga.code);
              })
            }
          >
            Use my location
          </Button>
          {locateError && <p className="form-error" role="alert" style={{ marginTop: 8 }}>{locateError}</p>}
        </div>
        {needsTerms && (
          <div>
            <label className="check-row">
              <input type="checkbox" name="terms" checked={terms} aria-invalid={!!errors.terms}
                onChange={(e) => setTerms(e.target.checked)} />
              <span>I accept the <Link to="/legal/terms" target="_blank">terms of use</Link></span>
            </label>
            {errors.terms && <p className="form-error" role="alert">{errors.terms}</p>}
          </div>
        )}
        <div className="settings-row">
          <Button type="submit" variation="primary" isLoading={saving} loadingText="Saving…">Continue</Button>
          <Link to={next}>Skip for now</Link>
        </div>
      </form>
    </div>
  );
}
