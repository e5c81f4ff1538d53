// Spec §2: the login-required dialog for visitors who try something that needs an account —
// "You need to be logged in to …" with Sign up and OK. Sign up (and sign in) come back here.
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import '../../announcements/announcements.css';

interface Props {
  open: boolean;
  /** Completes "You need to be logged in to …", e.g. "subscribe to this closure". */
  action: string;
  onClose(): void;
}

export function LoginRequiredDialog({ open, action, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <dialog
      ref={ref}
      className="unsealed-dialog"
      aria-labelledby="login-required-dialog-title"
      data-testid="login-required"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id="login-required-dialog-title">Sign in needed</h2>
      <p>You need to be logged in to {action}.</p>
      <div className="unsealed-actions">
        <Link className="ann-button" to={`/sign-up?redirect=${back}`}>Sign up</Link>
        <button type="button" className="ann-button ann-button--secondary" onClick={onClose} autoFocus>OK</button>
      </div>
      <p className="muted">Already have an account? <Link to={`/login?redirect=${back}`}>Sign in</Link></p>
    </dialog>
  );
}
