// The links an alert carries: the closure on the site's map, the person's subscriptions and the
// signed one-click unsubscribe address (lambdas/webhooks/unsubscribe.ts answers it).
import { alertSigningKey } from '../adapters/alerts/alert-key';
import { signUnsubscribe, type UnsubscribeTarget } from '../core/alerts/unsubscribe-token';

const site = () => (process.env.SITE_URL ?? '').replace(/\/$/, '');

/** The path the unsubscribe endpoint answers (locally on the web port; in AWS behind the site's CloudFront). */
export const UNSUBSCRIBE_PATH = '/alerts/unsubscribe';

export const closureLink = (closureId: string) => `${site()}/map?closure=${encodeURIComponent(closureId)}`;

export async function alertLinks(uid: string, target: UnsubscribeTarget): Promise<{ manage: string; unsubscribe: string }> {
  const token = signUnsubscribe(await alertSigningKey(), { uid, target });
  return { manage: `${site()}/subscriptions`, unsubscribe: `${site()}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}` };
}
