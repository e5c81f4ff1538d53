import { Alert, Button, Loader } from '@aws-amplify/ui-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmailLinkRequest } from '../components/EmailLinkRequest';
import { LINK_EXPIRED_MESSAGE, signInWithSecret } from '../email-link';
import '../../auth/components/auth.css';

type LinkState = { kind: 'confirm' } | { kind: 'working' } | { kind: 'retry' } | { kind: 'error'; message: string };

/**
 * /signin-link?email=…&code=…&redirect=…: the page asks "Sign in as {email}?" first and signs in
 * only when the user confirms, so a page elsewhere cannot sign a visitor into someone else's
 * account by sending them to a link (login CSRF). It then starts its own sign-in and answers with
 * the code, so a link works in another tab or browser. On success the route's signed-in redirect
 * takes the user to ?redirect= (or the dashboard). Without a code it offers to send a link.
 */
export function SignInLinkPage() {
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const code = search.get('code') ?? '';
  const redirect = search.get('redirect');
  const [state, setState] = useState<LinkState>({ kind: 'confirm' });
  // A double click (or StrictMode) must not spend the link's single-use code twice.
  const started = useRef(false);

  const confirm = () => {
    if (!email || !code || started.current) return;
    started.current = true;
    setState({ kind: 'working' });
    signInWithSecret(email, code)
      .then((outcome) => {
        if (outcome === 'retry') setState({ kind: 'retry' });
      })
      .catch((err: Error) => {
        // Cognito ends the sign-in after too many wrong answers: to the user that is the same dead link.
        setState({ kind: 'error', message: `Failed to sign in: ${err.message}` });
      });
  };

  const hasLink = !!email && !!code;
  return (
    <div className="auth-layout">
      <div className="auth-aside">
        <h1>Sign in with an email link</h1>
        <p>Links work once and expire 15 minutes after they are sent.</p>
      </div>
      <div className="auth-card">
        {hasLink && state.kind === 'confirm' && (
          <div className="signin-link__confirm">
            <p>
              This link signs you in as <strong>{email}</strong>. Continue only if you asked for it.
            </p>
            <Button variation="primary" isFullWidth onClick={confirm}>
              Sign in as {email}
            </Button>
          </div>
        )}
        {hasLink && state.kind === 'working' && (
          <div role="status" className="signin-link__working">
            <Loader size="large" ariaLabel="Signing you in" />
            <span>Signing you in as <strong>{email}</strong>…</span>
          </div>
        )}
        {hasLink && state.kind === 'retry' && (
          <Alert variation="warning" role="alert" heading="This link no longer works">
            {LINK_EXPIRED_MESSAGE} Ask for a new link below.
          </Alert>
        )}
        {hasLink && state.kind === 'error' && <Alert variation="error" role="alert">{state.message}</Alert>}
        {(!hasLink || state.kind === 'retry' || state.kind === 'error') && <EmailLinkRequest redirect={redirect} initialEmail={email} />}
        <p className="auth-switch">
          <Link to={redirect ? `/login?${new URLSearchParams({ redirect })}` : '/login'}>Other ways to sign in</Link>
        </p>
      </div>
    </div>
  );
}
