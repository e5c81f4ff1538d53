// The footer's link to the light page for slow connections: straight to the signed-in person's
// own council when their profile names one (on a flood day that is the page they want), else the
// list of councils.
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-provider';
import { profileQuery } from '../../identity/api/identity';

export function TextPageLink() {
  const { status } = useAuth();
  const signedIn = status === 'signedIn';
  const { data: profile } = useQuery({ ...profileQuery, enabled: signedIn, staleTime: 60_000 });
  const lgaCode = signedIn ? profile?.lgaCode : null;
  return <a href={lgaCode ? `/text/${encodeURIComponent(lgaCode)}` : '/text'}>Text-only closures</a>;
}
