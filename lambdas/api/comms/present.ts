// Content tasks as the GraphQL contract shapes them (docs/api.md#communications), with the derived
// status.
import { taskStatus } from '../../core/comms/tasks';
import type { ContentTaskRecord } from '../../adapters/comms/tasks';

export function presentTask(t: ContentTaskRecord) {
  return {
    id: t.id,
    lgaCode: t.lgaCode,
    name: t.name,
    status: taskStatus(t),
    closureIds: t.closureIds,
    posts: t.posts,
    error: t.error ?? null,
    created: t.created,
    initiated: t.initiated ?? null,
    completed: t.completed ?? null,
    approved: t.approved ?? null,
  };
}
