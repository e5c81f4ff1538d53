import { Link } from 'react-router-dom';

/** Spec §5: user reports need login. Visitors get this instead of the form. */
export function LoginRequiredDialog({ onClose }: { onClose(): void }) {
  return (
    <div className="report-dialog__backdrop">
      <div className="report-dialog panel" role="dialog" aria-modal="true" aria-labelledby="login-required-title">
        <h2 id="login-required-title">Sign in needed</h2>
        <p>You need to be logged in to report an incident</p>
        <div className="report-dialog__actions">
          <Link className="rp-button" to="/sign-up?redirect=%2Freport">Sign up</Link>
          <button type="button" className="rp-button rp-button--secondary" onClick={onClose} autoFocus>OK</button>
        </div>
        <p className="muted">Already have an account? <Link to="/login?redirect=%2Freport">Sign in</Link></p>
      </div>
    </div>
  );
}
