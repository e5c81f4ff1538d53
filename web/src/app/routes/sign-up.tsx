import { signIn } from 'aws-amplify/auth';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useToast } from '../../components/toast/toast-context';
import { useAppConfig } from '../../config/app-config';
import { ConfirmSignUpForm } from '../../features/auth/components/ConfirmSignUpForm';
import { SignUpForm } from '../../features/auth/components/SignUpForm';
import { SocialSignIn } from '../../features/auth/components/SocialSignIn';
import '../../features/auth/components/auth.css';

export function SignUpPage() {
  const app = useAppConfig();
  const toast = useToast();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const [confirmEmail, setConfirmEmail] = useState<string | null>(search.get('confirm'));
  // Kept only in memory, to sign in straight after confirmation; never stored.
  const password = useRef<string | null>(null);

  const finish = async (email: string) => {
    // A new user sets their council first (/welcome); the route's signed-in redirect reads this.
    const welcome = redirect ? `/welcome?${new URLSearchParams({ redirect })}` : '/welcome';
    if (!password.current) {
      // Confirmed from /login, whose password this page never saw: sign in, then /welcome.
      toast.show({ kind: 'success', message: 'Your account is confirmed. Sign in with your password.' });
      navigate(`/login?${new URLSearchParams({ redirect: welcome })}`, { replace: true });
      return;
    }
    navigate(`/sign-up?${new URLSearchParams({ redirect: welcome })}`, { replace: true });
    const { nextStep } = await signIn({ username: email, password: password.current, options: { authFlowType: app.authFlowType } });
    password.current = null;
    if (nextStep.signInStep !== 'DONE') throw new Error(`this account needs a step the app does not support yet (${nextStep.signInStep})`);
    toast.show({ kind: 'success', message: 'Welcome! Your account is ready.' });
  };

  return (
    <div className="auth-layout">
      <div className="auth-aside">
        <h1>Create an account</h1>
        <p>An account lets you:</p>
        <ul>
          <li>follow closures and your council area, and be told when they change;</li>
          <li>report incidents and see what happened to your reports;</li>
          <li>ask your council for staff access if you work there.</li>
        </ul>
      </div>
      <div className="auth-card">
        {confirmEmail ? (
          <ConfirmSignUpForm email={confirmEmail} onConfirmed={() => finish(confirmEmail)} />
        ) : (
          <>
            <SocialSignIn verb="Sign up" redirect={redirect} />
            {app.stage !== 'prod' && (
              <>
                <div className="auth-divider">or</div>
                <SignUpForm
                  onNeedsConfirmation={(email, pw) => {
                    password.current = pw;
                    setConfirmEmail(email);
                  }}
                  onSignedUp={(email, pw) => {
                    password.current = pw;
                    void finish(email).catch((err: Error) => toast.show({ kind: 'error', message: `Failed to sign in: ${err.message}` }));
                  }}
                />
              </>
            )}
          </>
        )}
        <p className="auth-switch">
          Already have an account? <Link to={redirect ? `/login?${new URLSearchParams({ redirect })}` : '/login'}>Sign in</Link>
        </p>
      </div>
    </div>
  );
}
