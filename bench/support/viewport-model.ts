// What the bench table holds, kept in memory while seeding: how many map index items each
// partition has (coarse GEO# and fine MAP#, sparse: closures off the map are in neither) and which
// closures a viewport should show. Lets the benchmark check every query's itemsRead and result
// against an answer worked out without DynamoDB.
import Flatbush from 'flatbush';
import type { MapIndex } from '../../lambdas/adapters/closures/map-index';
import type { Bounds } from '../../lambdas/core/closures/geometry';
import { isOnMapIndex, longCell } from '../../lambdas/core/closures/map-index';
import type { ClosureRecord } from '../../lambdas/core/closures/types';

export interface Expected {
  /** Items in the covering partitions plus closures fetched only through a pointer whose box meets the view. */
  itemsRead: number;
  ids: string[];
  /** Visible closures whose bbox meets the view but none of whose cells is queried (cannot be found). */
  bboxOnly: number;
  /** Where the items read go: closures shown, closures of the cells outside the view, closures not shown (scheduled), pointer items, batch-gets. */
  breakdown: Breakdown;
}

export interface Breakdown {
  shown: number;
  outsideView: number;
  notOnMap: number;
  cellItems: number;
  batchGot: number;
}

export type Strategy = 'fine' | 'cells';

/** One index's partitions: closure items by home partition, pointer items by partition. */
class Partitions {
  readonly homes = new Map<string, number[]>();
  readonly pointers = new Map<string, number[]>();
  count = 0;

  add(map: Map<string, number[]>, cell: string, i: number): void {
    const list = map.get(cell) ?? [];
    list.push(i);
    map.set(cell, list);
    this.count++;
  }
}

export class SeededModel {
  private readonly ids: string[] = [];
  private readonly visible: boolean[] = [];
  private readonly boxes: number[][] = [];
  /** Every partition (per strategy) the closure is in, home first. */
  private readonly cellsOf: Record<Strategy, string[][]> = { fine: [], cells: [] };
  private readonly partitions: Record<Strategy, Partitions> = { fine: new Partitions(), cells: new Partitions() };
  /** `${view}|${lgaCode}` → closures, the per-LGA view counters. */
  readonly counters = new Map<string, number>();
  private index: Flatbush | undefined;

  get size(): number {
    return this.ids.length;
  }

  /** Items in the coarse and the fine map index. */
  get indexItems(): { coarse: number; fine: number } {
    return { coarse: this.partitions.cells.count, fine: this.partitions.fine.count };
  }

  add(closure: ClosureRecord, index: MapIndex): void {
    const i = this.ids.length;
    this.ids.push(closure.id);
    // The public map without includeScheduled: live and recently opened closures only.
    this.visible.push(closure.view === 'ACTIVE' || closure.view === 'RECENTLY_OPENED');
    this.boxes.push(index.fields.bbox);
    const on = isOnMapIndex(closure);
    const coarse = [closure.geohash4, ...index.coarse.map((p) => p.geohash4)];
    const long = index.fields.mapCell.startsWith('L');
    const fine = long ? coarse.map(longCell) : [index.fields.mapCell, ...index.fine.map((p) => p.cell)];
    this.cellsOf.cells.push(on ? coarse : []);
    this.cellsOf.fine.push(on ? fine : []);
    if (on) {
      for (const [strategy, cells] of [['cells', coarse], ['fine', fine]] as const) {
        const parts = this.partitions[strategy];
        parts.add(parts.homes, cells[0], i);
        for (const cell of cells.slice(1)) parts.add(parts.pointers, cell, i);
      }
    }
    const key = `${closure.view}|${closure.lgaCode}`;
    this.counters.set(key, (this.counters.get(key) ?? 0) + 1);
    this.index = undefined;
  }

  expected(bounds: Bounds, cells: readonly string[], strategy: Strategy): Expected {
    const cellSet = new Set(cells);
    const parts = this.partitions[strategy];
    let itemsRead = 0;
    const fetched = new Set<number>();
    const breakdown: Breakdown = { shown: 0, outsideView: 0, notOnMap: 0, cellItems: 0, batchGot: 0 };
    const meets = (i: number) => {
      const [w, s, e, n] = this.boxes[i];
      return w <= bounds.east && bounds.west <= e && s <= bounds.north && bounds.south <= n;
    };
    for (const cell of cells) {
      for (const i of parts.homes.get(cell) ?? []) {
        itemsRead++;
        if (!this.visible[i]) breakdown.notOnMap++;
        else if (meets(i)) breakdown.shown++;
        else breakdown.outsideView++;
      }
      for (const i of parts.pointers.get(cell) ?? []) {
        itemsRead++;
        breakdown.cellItems++;
        if (!cellSet.has(this.cellsOf[strategy][i][0]) && meets(i)) fetched.add(i);
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
      if (this.cellsOf[strategy][i].some((c) => cellSet.has(c))) ids.push(this.ids[i]);
      else bboxOnly++;
    }
    return { itemsRead, ids, bboxOnly, breakdown };
  }
}
