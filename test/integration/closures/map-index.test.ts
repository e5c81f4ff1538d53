// The public map's index on the local stack: a closure is in both map indexes (coarse gsi2 and
// fine gsi3, with its pointer items) only while it is on the map; delete takes it out, restore
// puts it back, a town view finds it through the fine index from a cell that is not its own, and
// the backfill brings a record written before the index to the same shape.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable } from '../../support/api';
import { DELETE, IN_BOUNDS, RESTORE, createClosure, matrixCallers, type Callers } from './support';

let c: Callers;

async function table() {
  const { dynamoClient, tableName } = await import('../../../lambdas/adapters/db/client');
  return { client: dynamoClient(), name: tableName() };
}

/** The closure item's map keys and its pointer items (coarse CELL#, fine MAPCELL#). */
async function indexOf(id: string) {
  const { client, name } = await table();
  const { Item } = await client.send(new GetCommand({ TableName: name, Key: { pk: `CLOSURE#${id}`, sk: 'CLOSURE' } }));
  const pointers = async (prefix: string) =>
    (
      await client.send(
        new QueryCommand({
          TableName: name,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
          ExpressionAttributeValues: { ':pk': `CLOSURE#${id}`, ':sk': prefix },
        }),
      )
    ).Items ?? [];
  return { gsi2: Item?.gsi2pk, gsi3: Item?.gsi3pk, mapCell: Item?.mapCell, coarse: await pointers('CELL#'), fine: await pointers('MAPCELL#') };
}

// Crosses the precision-4 cell edge at longitude 147.65625 and several fine cells, south of Forbes.
const coordinates = [[147.645, -33.585], [147.668, -33.586]];
/** A 1 km town view around the west end: a fine cell (and a precision-4 cell) other than the closure's own. */
const westView = { west: 147.638, south: -33.59, east: 147.647, north: -33.58 };
const councilView = { west: 147.4, south: -33.75, east: 147.85, north: -33.45 };

beforeAll(async () => {
  useStackTable();
  c = await matrixCallers();
});

describe('the map index', () => {
  it('holds a closure only while it is on the map, at both precisions, and a town view finds it from another cell', async () => {
    const created = await createClosure(c.auth.staff, { regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates }) }] });
    const live = await indexOf(created.id);
    expect(live.gsi2).toBe(`GEO#${created.geohash.slice(0, 4)}`);
    expect(live.gsi3).toBe(`MAP#${live.mapCell}`);
    expect(live.coarse.length).toBeGreaterThan(0);
    expect(live.fine.length).toBeGreaterThan(0);
    expect(live.fine.every((p) => p.gsi3pk === `MAP#${p.cell}` && Array.isArray(p.bbox))).toBe(true);

    const { queryClosuresInBounds } = await import('../../../lambdas/adapters/closures/bounds');
    const town = await queryClosuresInBounds(westView);
    expect(town.strategy).toBe('fine');
    expect(town.cells).not.toContain(live.mapCell);
    expect(town.closures.map((x) => x.id)).toContain(created.id);
    const council = await queryClosuresInBounds(councilView);
    expect(council.strategy).toBe('cells');
    expect(council.closures.map((x) => x.id)).toContain(created.id);
    // Too wide for cells: the per-LGA lists, read with the same projection and item mapping.
    const region = await queryClosuresInBounds({ west: 146.2, south: -34.8, east: 149.2, north: -32.3 });
    expect(region.strategy).toBe('lgas');
    const fromCells = council.closures.find((x) => x.id === created.id)!;
    expect(fromCells.regions[0].geometry.coordinates).toEqual(coordinates);
    expect(region.closures.find((x) => x.id === created.id)).toEqual(fromCells);

    const deleted = await gql(DELETE, { id: created.id }, c.auth.staff);
    expect(deleted.errors).toBeUndefined();
    const gone = await indexOf(created.id);
    expect(gone).toMatchObject({ gsi2: undefined, gsi3: undefined, coarse: [], fine: [] });
    expect((await queryClosuresInBounds(westView)).closures.map((x) => x.id)).not.toContain(created.id);

    const restored = await gql(RESTORE, { id: created.id }, c.auth.staff);
    expect(restored.errors).toBeUndefined();
    const back = await indexOf(created.id);
    expect(back.gsi2).toBe(live.gsi2);
    expect(back.gsi3).toBe(live.gsi3);
    expect(back.coarse.map((p) => p.sk).sort()).toEqual(live.coarse.map((p) => p.sk).sort());
    expect(back.fine.map((p) => p.sk).sort()).toEqual(live.fine.map((p) => p.sk).sort());
    const map = await gql<{ closuresInBounds: { id: string }[] }>(IN_BOUNDS, { bounds: westView });
    expect(map.data!.closuresInBounds.map((x) => x.id)).toContain(created.id);
  });

  it('backfills a closure written before the map index', async () => {
    const created = await createClosure(c.auth.staff, { regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: coordinates.map(([x, y]) => [x, y - 0.01]) }) }] });
    const before = await indexOf(created.id);
    // As an older version stored it: no fine index, no mapCell, pointers without boxes.
    const { client, name } = await table();
    await client.send(
      new UpdateCommand({ TableName: name, Key: { pk: `CLOSURE#${created.id}`, sk: 'CLOSURE' }, UpdateExpression: 'REMOVE mapCell, mapCells, gsi3pk, gsi3sk' }),
    );
    const { db } = await import('../../../lambdas/adapters/db/db');
    for (const p of before.fine) await db().entities.closureMapCell.delete({ closureId: created.id, cell: p.cell as string }).go();
    const { queryClosuresInBounds } = await import('../../../lambdas/adapters/closures/bounds');
    const view = { ...westView, south: westView.south - 0.01, north: westView.north - 0.01 };
    expect((await queryClosuresInBounds(view)).closures.map((x) => x.id)).not.toContain(created.id);

    const { backfillMapIndex } = await import('../../../lambdas/adapters/closures/map-backfill');
    const { rewritten } = await backfillMapIndex({ force: true });
    expect(rewritten).toBeGreaterThanOrEqual(1);
    const after = await indexOf(created.id);
    expect(after.gsi3).toBe(before.gsi3);
    expect(after.fine.map((p) => p.sk).sort()).toEqual(before.fine.map((p) => p.sk).sort());
    expect((await queryClosuresInBounds(view)).closures.map((x) => x.id)).toContain(created.id);
    // A second run finds nothing left to do.
    expect((await backfillMapIndex({ force: true })).rewritten).toBe(0);
  });
});
