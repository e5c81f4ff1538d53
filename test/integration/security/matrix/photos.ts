// Matrix rows of photo evidence (docs/drfa.md#photo-evidence): a closure's photos with their
// capture and original, their stage, and the photos zip of a claim. The council's communications
// managers and closure administrators, whatever its subscription's state (claim records are kept
// 7 years), or an administrator; residents, other councils' staff and anonymous callers never.
import { matrixAdmin } from './callers';
import { forCell, sharedClosure, upload } from './fixtures';
import { EVIDENCE_STAFF } from './comms';
import type { Row, Rows } from './types';

const EVIDENCE_ROLES = { roles: ['media_comms_manager', 'closure_administrator'], expected: EVIDENCE_STAFF } as const satisfies Partial<Row>;

export const photoRows: Rows = {
  'Query.closurePhotos': {
    ...EVIDENCE_ROLES,
    document: 'query($c: ID!) { closurePhotos(closureId: $c) { mediaId } }',
    call: async (c) => ({ variables: { c: (await sharedClosure(c.lga)).id } }),
  },
  'Query.drfaPhotoArchive': {
    ...EVIDENCE_ROLES,
    document: 'query($c: String!, $f: AWSTimestamp!, $t: AWSTimestamp!) { drfaPhotoArchive(lgaCode: $c, from: $f, to: $t) { url } }',
    call: (c) => {
      const now = Math.floor(Date.now() / 1000);
      return { variables: { c: c.lga, f: now - 86_400, t: now + 60 } };
    },
  },
  'Mutation.setPhotoStage': {
    ...EVIDENCE_ROLES,
    document: 'mutation($c: ID!, $m: ID!) { setPhotoStage(closureId: $c, mediaId: $m, stage: "damage") { stage } }',
    call: async (c) => {
      const { closureId, mediaId } = await forCell(c, 'setPhotoStage', async () => {
        const closure = await sharedClosure(c.lga);
        return { closureId: closure.id, mediaId: await upload(await matrixAdmin(), closure.id) };
      });
      return { variables: { c: closureId, m: mediaId } };
    },
  },
};
