// The key that signs unsubscribe links: in AWS a generated secret (ALERT_SECRET_ARN), locally
// ALERT_SIGNING_KEY from the runtime.
import { signingKey } from '../platform/signing-key';

export const alertSigningKey = signingKey({ what: 'alert', arnVariable: 'ALERT_SECRET_ARN', localVariable: 'ALERT_SIGNING_KEY' });
