// The key that signs quote ids: in AWS a generated secret (QUOTE_SECRET_ARN), locally
// QUOTE_SIGNING_KEY from the runtime.
import { signingKey } from '../platform/signing-key';

export const quoteSigningKey = signingKey({ what: 'quote', arnVariable: 'QUOTE_SECRET_ARN', localVariable: 'QUOTE_SIGNING_KEY' });
