// What the bench table holds, kept in memory while seeding: how many gsi2 items each cell has and
// which closures a viewport should show. Lets the benchmark check every query's itemsRead and
// result against an answer worked out without DynamoDB.
import Flatbush from 'flatbush';
import type { Bounds, IndexedGeometry } from '../../lambdas/core/closures/geometry';
import type { ClosureRecord } from '../../lambdas/core/closures/types';

export interface Expected {
  /** Items in the covering cells' GEO# partitions plus closures fetched only through an extra cell. */
  itemsRead: number;
  ids: string[];
  /** Visible closures whose bbox meets the view but none of whose cells is queried (cannot be found). */
  bboxOnly: number;
  /** Where the items read go: closures shown, closures of the cells outside the view, closures not on the map, index items, batch-gets. */
  breakdown: Breakdown;
}

export interface Breakdown {
  shown: number;
  outsideView: number;
  notOnMap: number;
  cellItems: number;
  batchGot: number;
}

export class SeededModel {
  private readonly ids: string[] = [];
  private readonly home: string[] = [];
  private readonly extra: string[][] = [];
  private readonly visible: boolean[] = [];
  private readonly boxes: number[][] = [];
  private readonly cellItems = new Map<string, number>();
  private readonly extraByCell = new Map<string, number[]>();
  private readonly homeByCell = new Map<string, number[]>();
  /** `${view}|${lgaCode}` → closures, the per-LGA view counters. */
  readonly counters = new Map<string, number>();
  private index: Flatbush | undefined;

  get size(): number {
    return this.ids.length;
  }

  get gsi2Items(): number {
    let total = 0;
    for (const n of this.cellItems.values()) total += n;
    return total;
  }

  add(closure: ClosureRecord, geometry: IndexedGeometry): void {
    const i = this.ids.length;
    this.ids.push(closure.id);
    this.home.push(geometry.geohash4);
    this.extra.push(geometry.extraCells.map((c) => c.geohash4));
    // The public map without includeScheduled: live and recently opened closures only.
    this.visible.push(closure.view === 'ACTIVE' || closure.view === 'RECENTLY_OPENED');
    this.boxes.push(geometry.bbox);
    this.cellItems.set(geometry.geohash4, (this.cellItems.get(geometry.geohash4) ?? 0) + 1);
    const home = this.homeByCell.get(geometry.geohash4) ?? [];
    home.push(i);
    this.homeByCell.set(geometry.geohash4, home);
    for (const { geohash4 } of geometry.extraCells) {
      this.cellItems.set(geohash4, (this.cellItems.get(geohash4) ?? 0) + 1);
      const list = this.extraByCell.get(geohash4) ?? [];
      list.push(i);
      this.extraByCell.set(geohash4, list);
    }
    const key = `${closure.view}|${closure.lgaCode}`;
    this.counters.set(key, (this.counters.get(key) ?? 0) + 1);
    this.index = undefined;
  }

  expected(bounds: Bounds, cells: readonly string[]): Expected {
    const cellSet = new Set(cells);
    let itemsRead = 0;
    const fetched = new Set<number>();
    const breakdown: Breakdown = { shown: 0, outsideView: 0, notOnMap: 0, cellItems: 0, batchGot: 0 };
    const meets = (i: number) => {
      const [w, s, e, n] = this.boxes[i];
      return w <= bounds.east && bounds.west <= e && s <= bounds.north && bounds.south <= n;
    };
    for (const cell of cells) {
      itemsRead += this.cellItems.get(cell) ?? 0;
      for (const i of this.homeByCell.get(cell) ?? []) {
        if (!this.visible[i]) breakdown.notOnMap++;
        else if (meets(i)) breakdown.shown++;
        else breakdown.outsideView++;
      }
      for (const i of this.extraByCell.get(cell) ?? []) {
        breakdown.cellItems++;
        if (!cellSet.has(this.home[i])) fetched.add(i);
      }
    }
    itemsRead += fetched.size;
    breakdown.batchGot = fetched.size;

    if (!this.index) {
      this.index = new Flatbush(Math.max(1, this.boxes.length));
      for (const [w, s, e, n] of this.boxes) this.index.add(w, s, e, n);
      if (this.boxes.length === 0) this.index.add(0, 0, 0, 0);
      this.index.finish();
    }
    const ids: string[] = [];
    let bboxOnly = 0;
    for (const i of this.index.search(bounds.west, bounds.south, bounds.east, bounds.north)) {
      if (i >= this.ids.length || !this.visible[i]) continue;
      if (cellSet.has(this.home[i]) || this.extra[i].some((c) => cellSet.has(c))) ids.push(this.ids[i]);
      else bboxOnly++;
    }
    return { itemsRead, ids, bboxOnly, breakdown };
  }
}
