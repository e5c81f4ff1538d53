import { Alert, Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { demoSetActivePersona, type DemoPersona } from '../api/identity';
import { signInWithSecret } from '../email-link';

export const DEMO_PERSONAS: Array<{ persona: DemoPersona; label: string; text: string }> = [
  { persona: 'PUBLIC', label: 'General public', text: 'See closures in Forbes, follow them and report hazards.' },
  { persona: 'STAFF', label: 'Council staff', text: 'Manage closures, reports and staff access for Forbes.' },
];

/** Signs in as one of the demo's shared persona accounts with the one-time token the API hands out. */
export async function signInAsPersona(persona: DemoPersona): Promise<void> {
  const { username, token } = await demoSetActivePersona(persona);
  if ((await signInWithSecret(username, token)) !== 'done') throw new Error('the demo sign-in was refused, please try again');
}

export function DemoPersonas({ signIn = signInAsPersona }: { signIn?: (persona: DemoPersona) => Promise<void> }) {
  const [busy, setBusy] = useState<DemoPersona | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (persona: DemoPersona) => {
    setError(null);
    setBusy(persona);
    try {
      await signIn(persona);
      // Amplify announces the sign-in; the route guard then leaves /login.
    } catch (err) {
      setError(`Failed to set user profile: ${(err as Error).message}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="demo-personas" aria-labelledby="demo-personas-title">
      <h2 id="demo-personas-title" className="auth-form__title">Try the demo as</h2>
      {error && <Alert variation="error" role="alert">{error}</Alert>}
      {DEMO_PERSONAS.map((p) => (
        <Button
          key={p.persona}
          variation="primary"
          isFullWidth
          isLoading={busy === p.persona}
          loadingText="Signing in…"
          isDisabled={busy !== null}
          onClick={() => void choose(p.persona)}
        >
          {p.label}
        </Button>
      ))}
      <p className="muted" style={{ margin: 0, fontSize: '0.85rem' }}>
        The demo covers Forbes Shire only. Demo accounts are shared: push notifications, installing, settings and sign-out are off.
      </p>
    </section>
  );
}
