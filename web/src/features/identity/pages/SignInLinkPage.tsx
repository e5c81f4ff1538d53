import { Alert, Loader } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmailLinkRequest } from '../components/EmailLinkRequest';
import { LINK_EXPIRED_MESSAGE, signInWithSecret } from '../email-link';
import '../../auth/components/auth.css';

type LinkState = { kind: 'working' } | { kind: 'retry' } | { kind: 'error'; message: string };

/**
 * /signin-link?email=…&code=…&redirect=…: the page starts its own sign-in and answers with the
 * code, so a link works in another tab or browser. On success the route's signed-in redirect
 * takes the user to ?redirect= (or the dashboard). Without a code it offers to send a link.
 */
export function SignInLinkPage() {
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const code = search.get('code') ?? '';
  const redirect = search.get('redirect');
  const [state, setState] = useState<LinkState>({ kind: 'working' });
  // StrictMode runs effects twice; a link's code works only once.
  const started = useRef(false);

  useEffect(() => {
    if (!email || !code || started.current) return;
    started.current = true;
    signInWithSecret(email, code)
      .then((outcome) => {
        if (outcome === 'retry') setState({ kind: 'retry' });
      })
      .catch((err: Error) => {
        // Cognito ends the sign-in after too many wrong answers: to the user that is the same dead link.
        setState({ kind: 'error', message: `Failed to sign in: ${err.message}` });
      });
  }, [email, code]);

  const hasLink = !!email && !!code;
  return (
    <div className="auth-layout">
      <div className="auth-aside">
        <h1>Sign in with an email link</h1>
        <p>Links work once and expire 15 minutes after they are sent.</p>
      </div>
      <div className="auth-card">
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
        {(!hasLink || state.kind !== 'working') && <EmailLinkRequest redirect={redirect} initialEmail={email} />}
        <p className="auth-switch">
          <Link to={redirect ? `/login?${new URLSearchParams({ redirect })}` : '/login'}>Other ways to sign in</Link>
        </p>
      </div>
    </div>
  );
}
