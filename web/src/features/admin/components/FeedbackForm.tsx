import { Button, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useAppConfig } from '../../../config/app-config';
import { useAuth } from '../../auth/auth-provider';
import { isEmailAddress, normaliseEmail } from '../../auth/validation';
import { submitEnquiry } from '../api/contact';
import { useRoutePattern } from '../hooks/useRoutePattern';

interface Errors {
  name?: string;
  email?: string;
  message?: string;
}

/**
 * The feedback form (a modal dialog), loaded on the first press of the Feedback button
 * (FeedbackButton.tsx); sent with the page's route and the app version. `openCount` reopens it.
 */
export function FeedbackForm({ openCount }: { openCount: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const auth = useAuth();
  const app = useAppConfig();
  const route = useRoutePattern();
  const toast = useToast();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (auth.me) {
      setName((n) => n || auth.me!.displayName || '');
      setEmail((e) => e || auth.me!.email);
    }
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
    // Opens on each press of the button, not when the user's details change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openCount]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = 'Name is required';
    if (!isEmailAddress(normaliseEmail(email))) found.email = 'Enter a valid email address';
    if (!message.trim()) found.message = 'Message is required';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await submitEnquiry({ kind: 'FEEDBACK', name: name.trim(), email: normaliseEmail(email), message: message.trim(), page: route, release: app.version });
      setMessage('');
      dialog.current?.close();
      toast.show({ kind: 'success', message: 'Thank you: your feedback is sent.' });
    } catch (err) {
      toast.show({ kind: 'error', message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <dialog ref={dialog} className="feedback-dialog" aria-labelledby="feedback-title">
        <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate>
          <h2 id="feedback-title" style={{ margin: 0 }}>Send feedback</h2>
          <p className="muted" style={{ margin: 0 }}>Tell us what works and what does not. We send the page you are on and the app version with it.</p>
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} hasError={!!errors.name} errorMessage={errors.name} autoComplete="name" />
          <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} hasError={!!errors.email} errorMessage={errors.email} autoComplete="email" />
          <TextAreaField label="Feedback" rows={4} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000} hasError={!!errors.message} errorMessage={errors.message} />
          <div className="admin-item__actions">
            <Button type="submit" variation="primary" isLoading={busy} loadingText="Sending…">Send feedback</Button>
            <Button onClick={() => dialog.current?.close()}>Cancel</Button>
          </div>
        </form>
      </dialog>
    </>
  );
}
