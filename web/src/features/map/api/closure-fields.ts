/**
 * What the maps draw. Every mutation the map sends selects exactly these fields, because an
 * AppSync subscriber only receives the fields the triggering mutation selected.
 */
export const CLOSURE_FIELDS = /* GraphQL */ `
  id
  lgaCode
  active
  condition
  type { value text }
  reason
  position { lat lng }
  formattedAddress
  regions { id geometry }
  scheduledFor
  estimatedReopening
  openedAt
  archivedAt
  deletedAt
  createdAt
  updatedAt
  scheduled
  detour
`;

export interface MapClosure {
  id: string;
  lgaCode: string;
  active: boolean;
  condition: string;
  type: { value: string; text: string };
  reason: string | null;
  position: { lat: number; lng: number };
  formattedAddress: string | null;
  regions: Array<{ id: string; geometry: string }>;
  scheduledFor: number | null;
  estimatedReopening: number | null;
  openedAt: number | null;
  archivedAt: number | null;
  deletedAt: number | null;
  createdAt: number;
  updatedAt: number;
  scheduled: boolean;
  /** The way around the closure, when staff gave one. */
  detour?: string | null;
}

export interface ClosureMedia {
  id: string;
  url: string;
  thumbnailUrl: string | null;
}

export interface ClosureDetail extends MapClosure {
  media: ClosureMedia[];
}
