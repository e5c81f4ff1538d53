import { Alert, Button, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/auth-provider';
import { deleteAccount } from '../../identity/api/identity';

export const CONFIRM_WORD = 'DELETE';

/** Deleting is final, so the user types DELETE; then the session ends and the visitor is sent home. */
export function DeleteAccount() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (typed !== CONFIRM_WORD) return;
    setError(null);
    setDeleting(true);
    try {
      await deleteAccount();
      // The Cognito user is gone, so the server may refuse the global sign-out; the local session still ends.
      await auth.signOut().catch(() => undefined);
      navigate('/home', { replace: true });
    } catch (err) {
      setError(`Could not delete your account: ${(err as Error).message}`);
      setDeleting(false);
    }
  };

  return (
    <section className="panel danger-zone" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" style={{ marginTop: 0 }}>Delete account</h2>
      <p>This removes your profile, your settings and your sign-in for good. It cannot be undone.</p>
      {!open ? (
        <Button variation="destructive" onClick={() => setOpen(true)}>Delete my account…</Button>
      ) : (
        <form className="settings-form" aria-label="Confirm account deletion" noValidate onSubmit={(e) => void onSubmit(e)}>
          {error && <Alert variation="error" role="alert">{error}</Alert>}
          <TextField label={`Type ${CONFIRM_WORD} to confirm`} name="confirm" autoComplete="off" value={typed}
            onChange={(e) => setTyped(e.target.value)} />
          <div className="settings-row">
            <Button type="submit" variation="destructive" isDisabled={typed !== CONFIRM_WORD} isLoading={deleting} loadingText="Deleting…">
              Delete my account
            </Button>
            <Button onClick={() => { setOpen(false); setTyped(''); }}>Cancel</Button>
          </div>
        </form>
      )}
    </section>
  );
}
