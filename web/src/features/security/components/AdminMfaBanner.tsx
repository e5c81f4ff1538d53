// Leads an administrator who has no authenticator app yet (where one is required) to set it
// up: until then the API refuses every admin operation.
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../auth/auth-provider';

export function AdminMfaBanner() {
  const { me } = useAuth();
  const location = useLocation();
  if (!me?.adminMfaRequired || location.pathname === '/profile/security') return null;
  return (
    <div className="status-banner status-banner--update" role="status">
      <span>Administrators must use an authenticator app. The admin tools open once it is set up.</span>
      <Link to="/profile/security">Set up the authenticator app</Link>
    </div>
  );
}
