// The public map index items of one closure (sparse: docs/data.md#the-public-map-index): the keys
// on the closure item and the pointer items in its further cells, at both precisions. Written in
// the closure's own transaction (store.ts); the start-up backfill (map-backfill.ts) brings older
// records to the same shape.
import { indexGeometry } from '../../core/closures/geometry';
import { fineIndexOf, isOnMapIndex } from '../../core/closures/map-index';
import type { ClosureRecord } from '../../core/closures/types';

export interface CoarsePointer {
  closureId: string;
  geohash4: string;
  geohash7: string;
  bbox: number[];
  long: boolean;
}

export interface FinePointer {
  closureId: string;
  cell: string;
  geohash7: string;
  bbox: number[];
}

export interface MapIndex {
  /** Attributes of the closure item (always written: ElectroDB needs them to decide the sparse keys). */
  fields: { bbox: number[]; mapCell: string; mapCells: string[] };
  /** Pointer items that must exist: none while the closure is off the map. */
  coarse: CoarsePointer[];
  fine: FinePointer[];
}

export function mapIndexOf(c: Pick<ClosureRecord, 'id' | 'regions' | 'view' | 'active' | 'archivedAt' | 'deletedAt'>): MapIndex {
  const geometry = indexGeometry(c.regions);
  const fine = fineIndexOf(c.regions, geometry);
  const bbox = [...geometry.bbox];
  const fields = { bbox, mapCell: fine.mapCell, mapCells: fine.mapCells };
  if (!isOnMapIndex(c)) return { fields, coarse: [], fine: [] };
  return {
    fields,
    coarse: geometry.extraCells.map((cell) => ({ closureId: c.id, geohash4: cell.geohash4, geohash7: cell.geohash7, bbox, long: fine.long })),
    fine: fine.extra.map((cell) => ({ closureId: c.id, cell: cell.cell, geohash7: cell.geohash7, bbox })),
  };
}

/**
 * The pointer items a stored closure has: its extra cells while on the map. A record from before
 * the sparse index (no mapCell) has its coarse pointers whatever its view.
 */
export function storedPointersOf(c: Pick<ClosureRecord, 'geohash4' | 'cells' | 'view' | 'active' | 'archivedAt' | 'deletedAt' | 'mapCell' | 'mapCells'>): {
  coarse: string[];
  fine: string[];
} {
  const legacy = c.mapCell === undefined;
  const on = isOnMapIndex(c);
  return {
    coarse: on || legacy ? (c.cells ?? []).filter((cell) => cell !== c.geohash4) : [],
    fine: on && !legacy ? (c.mapCells ?? []).slice(1).filter((cell) => !cell.startsWith('L')) : [],
  };
}
