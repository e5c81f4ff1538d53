import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppConfig } from '../../config/app-config';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { SocialSignIn } from '../../features/auth/components/SocialSignIn';
import { clearOAuthReturnTarget, useOAuthReturn } from '../../features/auth/oauth-return';
import { isAdminFederatedRefusal } from '../../features/auth/oauth-failure';
import { DemoPersonas } from '../../features/identity/components/DemoPersonas';
import { EmailLinkRequest } from '../../features/identity/components/EmailLinkRequest';
import '../../features/auth/components/auth.css';
import { withRedirect } from '../../features/routing/redirect';

export function LoginPage() {
  const app = useAppConfig();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const [emailLink, setEmailLink] = useState(false);
  const [adminForm, setAdminForm] = useState(false);
  const navigate = useNavigate();
  const oauthReturn = useOAuthReturn();
  // Spec §2: the password form is for test stages; production signs in through a provider or an
  // email link. Administrators are the exception: they sign in with password and authenticator
  // app, so production offers them the form on request (and after a refused federated sign-in).
  const adminRefused = isAdminFederatedRefusal(oauthReturn.error);
  const showPasswordForm = app.stage !== 'prod' || adminForm || adminRefused;
  useEffect(() => {
    if (!oauthReturn.target) return;
    // The hosted UI returns to plain /login; with ?redirect= back in place the route gate sends
    // the user on once the session is there (to /dashboard when there was no target).
    const target = oauthReturn.target;
    clearOAuthReturnTarget();
    navigate(withRedirect('/login', target), { replace: true });
  }, [oauthReturn.target, navigate]);
  return (
    <div className="auth-layout">
      <div className="auth-aside">
        <h1>Sign in</h1>
        <p>Follow closures, report hazards and, if you work for a council, manage your roads.</p>
        {redirect && <p className="muted">Sign in to continue to the page you asked for.</p>}
      </div>
      <div className="auth-card">
        {oauthReturn.error && <p className="form-error" role="alert">{oauthReturn.error}</p>}
        {app.demo && (
          <>
            <DemoPersonas />
            <div className="auth-divider">or</div>
          </>
        )}
        {emailLink ? (
          <EmailLinkRequest redirect={redirect} onCancel={() => setEmailLink(false)} />
        ) : (
          <SocialSignIn verb="Sign in" redirect={redirect} onEmailLink={() => setEmailLink(true)} />
        )}
        {showPasswordForm && !emailLink && (
          <>
            <div className="auth-divider">or</div>
            <LoginForm />
          </>
        )}
        {!showPasswordForm && !emailLink && (
          <p className="auth-switch">
            <button type="button" className="auth-link-button" onClick={() => setAdminForm(true)}>
              Administrator? Sign in with password and authenticator app
            </button>
          </p>
        )}
        <p className="auth-switch">
          No account yet? <Link to={redirect ? `/sign-up?${new URLSearchParams({ redirect })}` : '/sign-up'}>Create one</Link>
        </p>
      </div>
    </div>
  );
}
