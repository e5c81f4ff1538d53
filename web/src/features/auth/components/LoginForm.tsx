import { Alert, Button, PasswordField, TextField } from '@aws-amplify/ui-react';
import { confirmSignIn, signIn } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppConfig } from '../../../config/app-config';
import { normaliseEmail, validateLogin } from '../validation';
import { TotpSignInStep } from './TotpSignInStep';

export function LoginForm() {
  const app = useAppConfig();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Accounts with an authenticator app answer a second step after the password.
  const [totpStep, setTotpStep] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const username = normaliseEmail(email);
      const { nextStep } = await signIn({ username, password, options: { authFlowType: app.authFlowType } });
      if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') {
        setTotpStep(true);
      } else if (nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        navigate(`/sign-up?${new URLSearchParams({ confirm: username })}`);
      } else if (nextStep.signInStep !== 'DONE') {
        setFormError(`Failed to sign in: this account needs a step the app does not support yet (${nextStep.signInStep})`);
      }
      // On DONE Amplify announces the sign-in on its Hub; the auth provider and the route guard take over.
    } catch (err) {
      setFormError(`Failed to sign in: ${(err as Error).message}`);
    } finally {
      setSubmitting(false);
    }
  };

  if (totpStep) {
    return (
      <TotpSignInStep
        onSubmit={async (code) => {
          const { nextStep } = await confirmSignIn({ challengeResponse: code });
          if (nextStep.signInStep !== 'DONE') throw new Error(`this account needs a step the app does not support yet (${nextStep.signInStep})`);
        }}
      />
    );
  }

  return (
    <form className="auth-form" aria-labelledby="login-form-title" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 id="login-form-title" className="auth-form__title">Sign in with email and password</h2>
      {formError && <Alert variation="error" role="alert">{formError}</Alert>}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        hasError={!!errors.email}
        errorMessage={errors.email}
        isRequired
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hasError={!!errors.password}
        errorMessage={errors.password}
        isRequired
      />
      <Button type="submit" variation="primary" isFullWidth isLoading={submitting} loadingText="Signing in…">
        Sign in
      </Button>
    </form>
  );
}
