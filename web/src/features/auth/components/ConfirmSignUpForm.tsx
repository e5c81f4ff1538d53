import { Alert, Button, TextField } from '@aws-amplify/ui-react';
import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { useAppConfig } from '../../../config/app-config';

interface ConfirmSignUpFormProps {
  email: string;
  onConfirmed(): Promise<void> | void;
}

export function ConfirmSignUpForm({ email, onConfirmed }: ConfirmSignUpFormProps) {
  const app = useAppConfig();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const trimmed = code.trim();
    if (!/^\d{4,8}$/.test(trimmed)) {
      setCodeError('Enter the code from the email: digits only');
      return;
    }
    setCodeError(undefined);
    setSubmitting(true);
    try {
      await confirmSignUp({ username: email, confirmationCode: trimmed });
      await onConfirmed();
    } catch (err) {
      setFormError(`Failed to sign in: ${(err as Error).message}`);
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setFormError(null);
    try {
      await resendSignUpCode({ username: email });
      setInfo(`A new code is on its way to ${email}.`);
    } catch (err) {
      setFormError(`Could not send a new code: ${(err as Error).message}`);
    }
  };

  return (
    <form className="auth-form" aria-labelledby="confirm-form-title" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 id="confirm-form-title" className="auth-form__title">Confirm your email</h2>
      <p className="muted">We sent a confirmation code to <strong>{email}</strong>. Enter it to finish creating your account.</p>
      {app.local && (
        <Alert variation="info">
          Running locally: no email is sent. The code is in the local mail outbox at{' '}
          <a href="/dev/mail" target="_blank" rel="noreferrer">/dev/mail</a>, and cognito-local also prints it in the
          terminal running <code>npm start</code> (a box titled “Confirmation Code Delivery”).
        </Alert>
      )}
      {info && <Alert variation="success" role="status">{info}</Alert>}
      {formError && <Alert variation="error" role="alert">{formError}</Alert>}
      <TextField label="Confirmation code" name="code" autoComplete="one-time-code" inputMode="numeric" value={code}
        onChange={(e) => setCode(e.target.value)} hasError={!!codeError} errorMessage={codeError} isRequired />
      <Button type="submit" variation="primary" isFullWidth isLoading={submitting} loadingText="Confirming…">
        Confirm and sign in
      </Button>
      <Button variation="link" onClick={() => void resend()}>Send a new code</Button>
    </form>
  );
}
