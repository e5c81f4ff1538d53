import type { Address, ProfileInput } from '../identity/api/identity';

export interface ProfileFields {
  displayName: string;
  preferredName: string;
  addressText: string;
  /** Position of the address, known once "use my location" filled it (or from the saved profile). */
  addressPosition: { lat: number; lng: number } | null;
  lgaCode: string | null;
}

export type ProfileErrors = Partial<Record<'displayName' | 'preferredName' | 'addressText' | 'lgaCode', string>>;

export const NAME_MAX = 100;
export const ADDRESS_MAX = 300;

/** The same limits the API applies (lambdas/core/identity/profile.ts), checked before sending. */
export function validateProfile(f: ProfileFields): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = f.displayName.trim();
  if (!name) errors.displayName = 'Enter your name';
  else if (name.length > NAME_MAX) errors.displayName = `Name is too long (maximum ${NAME_MAX} characters)`;
  if (f.preferredName.trim().length > NAME_MAX) errors.preferredName = `Preferred name is too long (maximum ${NAME_MAX} characters)`;
  const address = f.addressText.trim();
  if (address.length > ADDRESS_MAX) errors.addressText = `Address is too long (maximum ${ADDRESS_MAX} characters)`;
  else if (address && !f.addressPosition) errors.addressText = 'Use "Use my location" to place your address on the map';
  if (!f.lgaCode) errors.lgaCode = 'Choose your council';
  return errors;
}

export function profileInputFrom(f: ProfileFields): ProfileInput {
  const address = f.addressText.trim();
  return {
    displayName: f.displayName.trim(),
    preferredName: f.preferredName.trim() || null,
    address: address && f.addressPosition ? ({ formatted: address, ...f.addressPosition } satisfies Address) : null,
    lgaCode: f.lgaCode,
  };
}
