// Two officers saving one closure: the save based on an older version is refused with who changed
// it and when, and the first save is kept whole, also when ten saves arrive at the same moment.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable } from '../../support/api';
import { CLOSURE_FIELDS, closureInput, createClosure, lineAt, matrixCallers, type Callers } from './support';

const SAVE = `mutation($id: ID!, $input: ClosureInput!, $expectedVersion: Int) {
  updateClosure(id: $id, input: $input, expectedVersion: $expectedVersion) { ${CLOSURE_FIELDS} version } }`;
const STALE = /^This closure was changed by (.+) at [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M\. Reload to see the changes\.$/;

let c: Callers;
beforeAll(async () => {
  useStackTable();
  c = await matrixCallers();
});

async function displayNameOf(uid: string): Promise<string> {
  const { db } = await import('../../../lambdas/adapters/db/db');
  const { data } = await db().entities.user.get({ uid }).go();
  return data?.displayName || data!.email;
}

async function read(id: string) {
  const res = await gql<{ closure: any }>(`query($id: ID!) { closure(id: $id) { ${CLOSURE_FIELDS} version } }`, { id }, c.auth.staff);
  return res.data!.closure;
}

describe('two officers saving one closure', () => {
  it('refuses the stale save with who and when, and keeps the first save whole', async () => {
    const created = await createClosure(c.auth.staff, { regions: [{ geometry: lineAt(147.61, -33.33) }] });
    const loaded = await read(created.id);
    const regions = loaded.regions.map((r: any) => ({ id: r.id, geometry: r.geometry }));

    const first = await gql<{ updateClosure: any }>(
      SAVE,
      { id: created.id, expectedVersion: loaded.version, input: closureInput({ type: 'roadworks', reason: 'Crew on site', regions }) },
      c.auth.admin,
    );
    expect(first.errors).toBeUndefined();
    expect(first.data!.updateClosure.version).toBe(loaded.version + 1);

    const stale = await gql(SAVE, { id: created.id, expectedVersion: loaded.version, input: closureInput({ type: 'fire', reason: 'Grass fire', regions }) }, c.auth.staff);
    expect(stale.errors?.[0].errorType).toBe('Conflict');
    const [, name] = stale.errors![0].message.match(STALE) ?? [];
    const adminUid = JSON.parse(Buffer.from((c.auth.admin as { token: string }).token.split('.')[1], 'base64url').toString()).sub;
    expect(name).toBe(await displayNameOf(adminUid));

    const after = await read(created.id);
    expect(after).toMatchObject({ type: { value: 'roadworks' }, reason: 'Crew on site', version: loaded.version + 1 });
  });

  it('of ten saves from one version at the same moment, one is kept and nine are refused', async () => {
    const created = await createClosure(c.auth.staff, { regions: [{ geometry: lineAt(147.62, -33.34) }] });
    const regions = created.regions.map((r: any) => ({ id: r.id, geometry: r.geometry }));
    const { version } = await read(created.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gql<{ updateClosure: any }>(SAVE, { id: created.id, expectedVersion: version, input: closureInput({ reason: `Save ${i}`, regions }) }, c.auth.staff),
      ),
    );
    const kept = answers.filter((a) => !a.errors);
    expect(kept).toHaveLength(1);
    for (const refused of answers.filter((a) => a.errors)) {
      expect(refused.errors![0]).toMatchObject({ errorType: 'Conflict', message: expect.stringMatching(STALE) });
    }
    const after = await read(created.id);
    expect(after).toMatchObject({ reason: kept[0].data!.updateClosure.reason, version: version + 1 });
  });

  it('without a version a save still applies to the closure as it is now', async () => {
    const created = await createClosure(c.auth.staff, { regions: [{ geometry: lineAt(147.63, -33.35) }] });
    const regions = created.regions.map((r: any) => ({ id: r.id, geometry: r.geometry }));
    const res = await gql(SAVE, { id: created.id, input: closureInput({ reason: 'No version', regions }) }, c.auth.staff);
    expect(res.errors).toBeUndefined();
    expect((await read(created.id)).reason).toBe('No version');
  });
});
