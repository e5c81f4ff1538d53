// Setting up the authenticator app: the otpauth address as a QR code and as text (for apps on
// the same phone), then a code from the app to prove it works.
import { Alert, Button, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toString as qrSvg } from 'qrcode';
import { finishTotpSetup, type MfaStatus, type TotpSetup } from '../api/mfa';
import { normaliseTotpCode } from '../totp-code';

export function TotpSetupPanel({ setup, onDone, onCancel }: { setup: TotpSetup; onDone(status: MfaStatus): void; onCancel(): void }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    let live = true;
    qrSvg(setup.uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [setup.uri]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const valid = normaliseTotpCode(code);
    setCodeError(valid ? undefined : 'Enter the 6-digit code from your authenticator app');
    if (!valid) return;
    setChecking(true);
    try {
      onDone(await finishTotpSetup(valid));
    } catch (error) {
      const name = (error as Error).name;
      setFormError(name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException'
        ? 'That code did not match. Check the time on your phone and enter the newest code.'
        : `Could not turn on the authenticator app: ${(error as Error).message}`);
    } finally {
      setChecking(false);
    }
  };

  return (
    <form className="settings-form totp-setup" aria-labelledby="totp-setup-title" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 id="totp-setup-title">Set up your authenticator app</h2>
      <ol className="totp-setup__steps">
        <li>Open an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
        <li>Scan this QR code, or on this phone open the setup link, or type the key.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <figure className="totp-setup__qr">
        {svg ? (
          <div role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: svg }} />
        ) : (
          <p>Drawing the QR code…</p>
        )}
      </figure>
      <p><a href={setup.uri}>Open the setup link in an authenticator app on this device</a></p>
      <div>
        <p className="totp-setup__label" id="totp-key-label">Setup key</p>
        <code className="totp-setup__key" aria-labelledby="totp-key-label">{setup.secret}</code>
      </div>
      <details>
        <summary>Setup address as text</summary>
        <code className="totp-setup__key" data-testid="totp-uri">{setup.uri}</code>
      </details>
      {formError && <Alert variation="error" role="alert">{formError}</Alert>}
      <TextField
        label="Code from the app"
        name="totp-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        hasError={!!codeError}
        errorMessage={codeError}
        isRequired
      />
      <div className="settings-row">
        <Button type="submit" variation="primary" isLoading={checking} loadingText="Checking…">Turn on</Button>
        <Button type="button" onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
