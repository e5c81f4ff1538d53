// Spec §2: the login-required dialog for visitors who try something that needs an account —
// "You need to be logged in to …" with Sign up and OK. Sign up (and sign in) come back here.
import { Link, useLocation } from 'react-router-dom';
import { SimpleDialog } from '../../../components/SimpleDialog';
import '../../announcements/announcements.css';

interface Props {
  open: boolean;
  /** Completes "You need to be logged in to …", e.g. "subscribe to this closure". */
  action: string;
  onClose(): void;
}

export function LoginRequiredDialog({ open, action, onClose }: Props) {
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <SimpleDialog
      open={open}
      title="Sign in needed"
      titleId="login-required-dialog-title"
      className="unsealed-dialog"
      testId="login-required"
      onCancel={onClose}
    >
      <p>You need to be logged in to {action}.</p>
      <div className="unsealed-actions">
        <Link className="ann-button" to={`/sign-up?redirect=${back}`}>Sign up</Link>
        <button type="button" className="ann-button ann-button--secondary" onClick={onClose} autoFocus>OK</button>
      </div>
      <p className="muted">Already have an account? <Link to={`/login?redirect=${back}`}>Sign in</Link></p>
    </SimpleDialog>
  );
}
