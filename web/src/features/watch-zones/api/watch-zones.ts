// The person's watched areas (docs/alerts.md#watch-zones), as My subscriptions shows them: listed
// (and kept for offline reading) and deleted; their channels are set like any subscription's,
// through setSubscriptionChannels. Saving one is the map tool's (save-watch-zone.ts).
import { gql } from '../../../lib/api';
import type { LngLat } from '../../map/geo';

export type EmailMode = 'off' | 'immediate' | 'daily';
export interface ZoneChannels {
  email: EmailMode;
  digestHour: number;
  sms: boolean;
  inApp: boolean;
  push: boolean;
}
export interface WatchZone {
  id: string;
  name: string;
  shape: 'polygon' | 'circle';
  polygon: LngLat[] | null;
  center: LngLat | null;
  /** Metres. */
  radius: number | null;
  place: string | null;
  channels: ZoneChannels;
}

export const watchZonesKey = ['watchZones'] as const;
/** The product's limit (the server enforces it). */
export const MAX_WATCH_ZONES = 5;

export const FIELDS = 'id name shape polygon { lat lng } center { lat lng } radius place channels { email digestHour sms inApp push }';

export async function fetchWatchZones(): Promise<WatchZone[]> {
  return (await gql<{ watchZones: WatchZone[] }>(`query WatchZones { watchZones { ${FIELDS} } }`)).watchZones;
}

export async function deleteWatchZone(id: string): Promise<WatchZone[]> {
  return (await gql<{ deleteWatchZone: WatchZone[] }>(`mutation DeleteWatchZone($id: ID!) { deleteWatchZone(id: $id) { ${FIELDS} } }`, { id })).deleteWatchZone;
}

export async function setZoneChannels(id: string, channels: ZoneChannels): Promise<void> {
  const input = { watchZoneId: id, email: channels.email.toUpperCase(), digestHour: channels.digestHour, sms: channels.sms, inApp: channels.inApp, push: channels.push };
  await gql(`mutation ZoneChannels($input: SubscriptionChannelsInput!) { setSubscriptionChannels(input: $input) { channels { kind } } }`, { input });
}
