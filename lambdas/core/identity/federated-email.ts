// Whether a federated sign-in's email address can be trusted: only when the provider itself
// asserts that the person proved they own it. An email a provider merely passes along (Facebook,
// or Microsoft's multi-tenant authority, where any tenant owner can give any user any address)
// never links to an existing account and never carries the roles granted to that address.

/** Microsoft authorities that accept users of any tenant; everything else names one tenant. */
const MULTI_TENANT_AUTHORITIES = new Set(['common', 'organizations', 'consumers']);

/** A tenant id or verified domain: sign-ins come only from that one directory, which the deployer chose to trust. */
export const isPinnedMicrosoftTenant = (tenant: string | undefined): boolean =>
  !!tenant && /^[A-Za-z0-9.-]+$/.test(tenant) && !MULTI_TENANT_AUTHORITIES.has(tenant.toLowerCase());

export interface FederatedEmailContext {
  /** The Microsoft tenant the user pool's OIDC provider is pinned to ("common" when it is not). */
  microsoftTenant?: string;
}

/**
 * The provider's assertion, from the attributes Cognito mapped for this sign-in:
 * - Google: `email_verified` (mapped from Google's claim).
 * - Microsoft: `email_verified`, mapped from the verified-domain claim `xms_edov`; or a pinned tenant.
 * - anything else (Facebook sends no such claim): not verified.
 */
export function providerVerifiedEmail(providerName: string, attributes: Record<string, string | undefined>, context: FederatedEmailContext = {}): boolean {
  const asserted = attributes.email_verified?.toLowerCase() === 'true';
  switch (providerName.toLowerCase()) {
    case 'google':
      return asserted;
    case 'microsoft':
      return asserted || isPinnedMicrosoftTenant(context.microsoftTenant);
    default:
      return false;
  }
}

/** The provider of a federated user, from Cognito's `identities` attribute; undefined for a native account. */
export function federatedProviderOf(attributes: Record<string, string | undefined>): string | undefined {
  const raw = attributes.identities;
  if (raw) {
    try {
      const identities = JSON.parse(raw) as { providerName?: unknown }[];
      const name = Array.isArray(identities) ? identities[0]?.providerName : undefined;
      if (typeof name === 'string' && name) return name;
    } catch {
      // Malformed: treated as federated with an unknown provider below.
    }
    return 'unknown';
  }
  return attributes['cognito:user_status'] === 'EXTERNAL_PROVIDER' ? 'unknown' : undefined;
}
