// Social content tasks in the table (docs/data.md#entities: LGA#{code} / TASK#{created}#{id}), with a
// lookup item per task id so /comms/tasks/{taskId} finds its LGA partition without a scan.
import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '../../core/errors';
import { db } from '../db/db';

export interface ContentPostRecord {
  closureId: string;
  text: string;
}

export interface ContentTaskRecord {
  id: string;
  lgaCode: string;
  name: string;
  created: number;
  closureIds: string[];
  initiated?: number;
  completed?: number;
  approved?: number;
  error?: string;
  posts: ContentPostRecord[];
  updatedAt: number;
  /** Optimistic lock: every change expects the version it read. */
  version: number;
}

export const TASK_NOT_FOUND = 'Content task not found';

type Stored = Record<string, unknown> & { output?: { posts?: ContentPostRecord[] } | null };

function toRecord(item: Stored): ContentTaskRecord {
  return {
    id: item.id as string,
    lgaCode: item.lgaCode as string,
    name: item.name as string,
    created: item.created as number,
    closureIds: (item.closureIds as string[] | undefined) ?? [],
    initiated: (item.initiated as number | undefined) ?? undefined,
    completed: (item.completed as number | undefined) ?? undefined,
    approved: (item.approved as number | undefined) ?? undefined,
    error: (item.error as string | undefined) || undefined,
    posts: item.output?.posts ?? [],
    updatedAt: item.updatedAt as number,
    version: (item.version as number | undefined) ?? 0,
  };
}

/**
 * A task id carries its table key (`{lgaCode}-{created}-{random}`), so /comms/tasks/{taskId}
 * reads the task directly from its LGA partition; the resolver still checks the caller's roles
 * for that LGA from the database.
 */
export const TASK_ID_PATTERN = /^(\d{5})-(\d{9,11})-([0-9a-f]{12})$/;

export function keyOf(id: string): { lgaCode: string; created: number } | undefined {
  const match = TASK_ID_PATTERN.exec(id);
  return match ? { lgaCode: match[1], created: Number(match[2]) } : undefined;
}

export async function createTask(input: { lgaCode: string; name: string; closureIds: string[]; createdBy: string }): Promise<ContentTaskRecord> {
  const created = Math.floor(Date.now() / 1000);
  const id = `${input.lgaCode}-${created}-${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await db()
    .entities.contentTask.create({ lgaCode: input.lgaCode, id, name: input.name, created, closureIds: input.closureIds, output: { posts: [] }, version: 0 })
    .go();
  return (await getTask(id))!;
}

export async function getTask(id: string): Promise<ContentTaskRecord | undefined> {
  const key = keyOf(id);
  if (!key) return undefined;
  const { data } = await db().entities.contentTask.get({ lgaCode: key.lgaCode, created: key.created, id }).go({ consistent: true });
  return data ? toRecord(data as Stored) : undefined;
}

export async function loadTask(id: string): Promise<ContentTaskRecord> {
  const task = await getTask(id);
  if (!task) throw notFound(TASK_NOT_FOUND);
  return task;
}

/** The LGA's tasks, newest first (one partition query on the TASK# prefix). */
export async function listTasks(lgaCode: string, limit = 100): Promise<ContentTaskRecord[]> {
  const { data } = await db().entities.contentTask.query.byLga({ lgaCode }).go({ order: 'desc', limit });
  return data.map((d) => toRecord(d as Stored));
}

type Patch = Partial<{ initiated: number; completed: number; approved: number; error: string; posts: ContentPostRecord[] }> & {
  clear?: Array<'initiated' | 'completed' | 'approved' | 'error'>;
};

/**
 * Changes a task only if nobody changed it since it was read (its version), so a double click
 * cannot start two generations or approve a task while it is being regenerated.
 */
export async function patchTask(task: ContentTaskRecord, patch: Patch): Promise<ContentTaskRecord> {
  const { clear, posts, ...set } = patch;
  let update = db()
    .entities.contentTask.patch({ lgaCode: task.lgaCode, created: task.created, id: task.id })
    .set({ ...set, ...(posts ? { output: { posts } } : {}), version: task.version + 1 });
  if (clear?.length) update = update.remove(clear);
  try {
    await update.where(({ version }, { eq }) => eq(version, task.version)).go();
  } catch (error) {
    if ((error as Error).message?.includes('conditional request failed')) throw conflict('This task was changed by someone else. Please reload and try again.');
    throw error;
  }
  return loadTask(task.id);
}
