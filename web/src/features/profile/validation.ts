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

export interface MapOptions {
  zoom: number;
  /** A base layer of BASE_LAYERS; one saved before it existed (satellite, topographic) reads as streets. */
  baseLayer: BaseLayerId;
}

export type BaseLayerId = 'streets' | 'minimal';

export const DEFAULT_MAP_OPTIONS: MapOptions = { zoom: 11, baseLayer: 'streets' };
/** The base layers the app has styles for (config app.mapStyles), with what the picker says. */
export const BASE_LAYERS: Array<[BaseLayerId, string]> = [
  ['streets', 'Streets'],
  ['minimal', 'Minimal (light grey)'],
];

/**
 * The style URL a map loads for a base layer: the config's style for it, else the default style
 * (a config without that layer, or nothing saved).
 */
export function styleUrlFor(baseLayer: string | null | undefined, app: { mapStyle: string; mapStyles?: Partial<Record<string, string>> }): string {
  return (baseLayer && app.mapStyles?.[baseLayer]) || app.mapStyle;
}

export const MIN_ZOOM = 5;
export const MAX_ZOOM = 18;

/** AWSJSON arrives as a string (AppSync) or already parsed; anything odd falls back to the defaults. */
export function parseMapOptions(value: unknown): MapOptions {
  let raw = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      raw = null;
    }
  }
  const o = (raw && typeof raw === 'object' ? raw : {}) as Partial<MapOptions>;
  const zoom = typeof o.zoom === 'number' && o.zoom >= MIN_ZOOM && o.zoom <= MAX_ZOOM ? o.zoom : DEFAULT_MAP_OPTIONS.zoom;
  const baseLayer = BASE_LAYERS.some(([id]) => id === o.baseLayer) ? o.baseLayer! : DEFAULT_MAP_OPTIONS.baseLayer;
  return { ...(raw as object), zoom, baseLayer };
}
