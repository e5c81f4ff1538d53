// The footer's link to the light page for slow connections: straight to the signed-in person's
// own council when they have one (on a flood day that is the page they want), else the list of
// councils.
import { useAuth } from '../../auth/auth-provider';

export function TextPageLink() {
  const { me } = useAuth();
  const lgaCode = me?.lgaCode;
  return <a href={lgaCode ? `/text/${encodeURIComponent(lgaCode)}` : '/text'}>Text-only closures</a>;
}
