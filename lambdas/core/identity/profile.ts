// The profile a user edits on /welcome and /profile: names, a home address with its position,
// their LGA and map options. Omitted fields stay as they are; null clears an optional one.
import { z } from 'zod';
import { lgaCode, requiredText } from '../validation';

/** Australia with its external territories (Heard Island to Norfolk Island, Torres Strait to Macquarie). */
export const AUSTRALIA_REACH = { south: -55, north: -9, west: 72, east: 169 } as const;
const INVALID_COORDINATES = 'Invalid coordinates';

export const latitude = z.number({ invalid_type_error: INVALID_COORDINATES }).min(AUSTRALIA_REACH.south, INVALID_COORDINATES).max(AUSTRALIA_REACH.north, INVALID_COORDINATES);
export const longitude = z.number({ invalid_type_error: INVALID_COORDINATES }).min(AUSTRALIA_REACH.west, INVALID_COORDINATES).max(AUSTRALIA_REACH.east, INVALID_COORDINATES);

export const AddressInput = z
  .object({ formatted: requiredText('Address', 300), lat: latitude, lng: longitude })
  .strict();

export const MAP_OPTIONS_MAX_CHARS = 2000;

/**
 * Map options are a small JSON object the web client owns. AppSync hands an AWSJSON argument to
 * the resolver parsed; a string (a direct invocation) is parsed here the same way.
 */
const UNSAFE_KEYS = new Set(['', '__proto__', 'constructor', 'prototype']);

/**
 * Whether the table can store the value as is and reading it back is harmless: numbers in the
 * safe integer range (or ordinary decimals), no empty keys and no object-prototype keys.
 */
function storable(value: unknown, depth = 0): boolean {
  if (depth > 10) return false;
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER && (value === 0 || Math.abs(value) >= 1e-100);
  if (Array.isArray(value)) return value.every((v) => storable(v, depth + 1));
  if (value && typeof value === 'object') return Object.entries(value).every(([k, v]) => !UNSAFE_KEYS.has(k) && storable(v, depth + 1));
  return true;
}

export const mapOptionsJson = z.unknown().transform((input, ctx) => {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      value = undefined;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Map options must be a JSON object' });
    return z.NEVER;
  }
  if (JSON.stringify(value).length > MAP_OPTIONS_MAX_CHARS) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Map options are too large (maximum ${MAP_OPTIONS_MAX_CHARS} characters)` });
    return z.NEVER;
  }
  if (!storable(value)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Map options hold a number or key that cannot be saved' });
    return z.NEVER;
  }
  return value as Record<string, unknown>;
});

/** The resident's vehicle's gross vehicle mass in tonnes (unsealed-road restrictions). */
export const VEHICLE_GVM_MESSAGE = 'Vehicle GVM must be between 0.5 and 100 tonnes';
const vehicleGvm = z.number({ invalid_type_error: VEHICLE_GVM_MESSAGE }).finite(VEHICLE_GVM_MESSAGE).min(0.5, VEHICLE_GVM_MESSAGE).max(100, VEHICLE_GVM_MESSAGE);

export const ProfileInput = z
  .object({
    displayName: requiredText('Name', 100).optional(),
    preferredName: requiredText('Preferred name', 100).nullable().optional(),
    address: AddressInput.nullable().optional(),
    lgaCode: lgaCode.nullable().optional(),
    mapOptions: mapOptionsJson.nullable().optional(),
    vehicleGvm: vehicleGvm.nullable().optional(),
  })
  .strict();
export type ProfileInput = z.infer<typeof ProfileInput>;

export interface ProfileChanges {
  set: Record<string, unknown>;
  remove: string[];
}

/** Splits the input into attributes to set and attributes to remove (explicit nulls). */
export function profileChanges(input: ProfileInput): ProfileChanges {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  return { set, remove };
}
