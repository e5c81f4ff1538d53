import { Alert, Button, PasswordField, TextField } from '@aws-amplify/ui-react';
import { signUp } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH, normaliseEmail, validateSignUp, type FieldErrors, type SignUpFields } from '../validation';

interface SignUpFormProps {
  /** Cognito wants the emailed code before the account can sign in. */
  onNeedsConfirmation(email: string, password: string): void;
  /** The pool confirmed the account by itself (e.g. a pre-sign-up trigger). */
  onSignedUp(email: string, password: string): void;
}

export function SignUpForm({ onNeedsConfirmation, onSignedUp }: SignUpFormProps) {
  const [fields, setFields] = useState<SignUpFields>({ name: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<SignUpFields>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (key: keyof SignUpFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateSignUp(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const email = normaliseEmail(fields.email);
    setSubmitting(true);
    try {
      const { nextStep } = await signUp({
        username: email,
        password: fields.password,
        options: { userAttributes: { email, name: fields.name.trim() } },
      });
      if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') onNeedsConfirmation(email, fields.password);
      else onSignedUp(email, fields.password);
    } catch (err) {
      setFormError(`Failed to sign in: ${(err as Error).message}`);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="auth-form" aria-labelledby="sign-up-form-title" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 id="sign-up-form-title" className="auth-form__title">Create an account with email</h2>
      {formError && <Alert variation="error" role="alert">{formError}</Alert>}
      <TextField label="Name" name="name" autoComplete="name" value={fields.name} onChange={set('name')}
        hasError={!!errors.name} errorMessage={errors.name} isRequired />
      <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" value={fields.email}
        onChange={set('email')} hasError={!!errors.email} errorMessage={errors.email} isRequired />
      <PasswordField label="Password" name="password" autoComplete="new-password" value={fields.password} onChange={set('password')}
        descriptiveText={`At least ${MIN_PASSWORD_LENGTH} characters (the sign-in service's minimum).`}
        hasError={!!errors.password} errorMessage={errors.password} isRequired />
      <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" value={fields.confirmPassword}
        onChange={set('confirmPassword')} hasError={!!errors.confirmPassword} errorMessage={errors.confirmPassword} isRequired />
      <Button type="submit" variation="primary" isFullWidth isLoading={submitting} loadingText="Creating account…">
        Create account
      </Button>
    </form>
  );
}
