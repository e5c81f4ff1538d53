// Communications (spec §1, §4 social task status, §9): social content tasks, embedded-map visits
// and the DRFA claim records (evidence export, disaster events, works and costs, claim packs).
// Every decision is made from the caller's roles in the database.
import { z } from 'zod';
import { createResolverHandler, field } from '../resolver';
import { forbidden, notFound, validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { closureId } from '../../core/closures/input';
import { GENERATE_EVENT, MAX_POST_LENGTH, MAX_TASK_CLOSURES, TOO_MANY_CLOSURES_MESSAGE, canApprove, canEditPosts, canGenerate } from '../../core/comms/tasks';
import { getClosures } from '../../adapters/closures/store';
import { publishEvent } from '../../adapters/platform/events';
import { getLga } from '../../adapters/foundation/lgas';
import { createTask, listTasks, loadTask, patchTask, TASK_NOT_FOUND } from '../../adapters/comms/tasks';
import { embedVisitsReport, recordEmbedVisit } from '../../adapters/comms/visits';
import { callerAddress } from '../../core/comms/visits';
import { presentClosures, wantsMedia } from '../closures/present';
import { requireCommsManager } from './access';
import { presentTask } from './present';
import { evidenceFields } from './evidence';
import { photoFields } from './photos';
import { eventFields } from './drfa-events';
import { worksFields } from './drfa-works';
import { claimPackFields } from './claim-pack';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const taskId = z.string().trim().min(1, TASK_NOT_FOUND).max(64, TASK_NOT_FOUND);

const TaskInput = z
  .object({
    lgaCode,
    name: z.string().trim().min(1, 'Task name is required').max(100, 'Task name is too long (maximum 100 characters)'),
    closureIds: z
      .array(closureId)
      .min(1, 'Choose at least one closure')
      .max(MAX_TASK_CLOSURES, TOO_MANY_CLOSURES_MESSAGE)
      .refine((ids) => new Set(ids).size === ids.length, 'Each closure can be in a task only once'),
  })
  .strict();

async function taskFor(id: string, principal: () => Promise<import('../../core/access').Principal>) {
  const task = await loadTask(id);
  requireCommsManager(await principal(), task.lgaCode);
  return task;
}

function allowed(result: true | string) {
  if (result !== true) throw validationError(result);
}

export const handler = createResolverHandler({
  contentTasks: field({
    args: z.object({ lgaCode }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      requireCommsManager(await principal(), args.lgaCode);
      return (await listTasks(args.lgaCode)).map(presentTask);
    },
  }),

  contentTask: field({
    args: z.object({ id: taskId }).strict(),
    access: 'user',
    async resolve({ args, principal, event }) {
      const task = await taskFor(args.id, principal);
      const closures = await presentClosures(await getClosures(task.closureIds), nowSeconds(), wantsMedia(event));
      return { ...presentTask(task), closures };
    },
  }),

  createContentTask: field({
    args: z.object({ input: TaskInput }).strict(),
    access: 'user',
    async authorize({ args, principal }) {
      requireCommsManager(await principal(), args.input.lgaCode);
    },
    async resolve({ args, principal }) {
      const p = requireCommsManager(await principal(), args.input.lgaCode);
      const closures = await getClosures(args.input.closureIds);
      const found = new Map(closures.map((c) => [c.id, c]));
      for (const id of args.input.closureIds) {
        const c = found.get(id);
        if (!c || c.lgaCode !== args.input.lgaCode || c.view === 'DELETED') throw validationError(`Closure ${id} is not a closure of this LGA`);
      }
      return presentTask(await createTask({ ...args.input, createdBy: p.uid }));
    },
  }),

  generateContentTask: field({
    args: z.object({ id: taskId }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const task = await taskFor(args.id, principal);
      allowed(canGenerate(task));
      // Starts (or retries) the writing; the consumer completes it and the page follows the status.
      const started = await patchTask(task, { initiated: nowSeconds(), posts: [], clear: ['completed', 'approved', 'error'] });
      await publishEvent(GENERATE_EVENT, { taskId: task.id, lgaCode: task.lgaCode }, (await principal()).uid);
      return presentTask(started);
    },
  }),

  updateContentPost: field({
    args: z
      .object({
        id: taskId,
        closureId,
        text: z.string().trim().min(1, 'The post cannot be empty').max(MAX_POST_LENGTH, `The post is too long (maximum ${MAX_POST_LENGTH} characters)`),
      })
      .strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const task = await taskFor(args.id, principal);
      allowed(canEditPosts(task));
      if (!task.posts.some((post) => post.closureId === args.closureId)) throw notFound('This task has no post for that closure');
      const posts = task.posts.map((post) => (post.closureId === args.closureId ? { ...post, text: args.text } : post));
      return presentTask(await patchTask(task, { posts }));
    },
  }),

  approveContentTask: field({
    args: z.object({ id: taskId }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const task = await taskFor(args.id, principal);
      allowed(canApprove(task));
      return presentTask(await patchTask(task, { approved: nowSeconds() }));
    },
  }),

  recordEmbedVisit: field({
    args: z.object({ lgaCode }).strict(),
    access: 'public',
    async resolve({ args, event }) {
      // Only real LGAs are counted, so the counters cannot be filled with made-up codes.
      if (!(await getLga(args.lgaCode))) throw notFound('LGA not found');
      // One browser at one address counts once a day: aliases in one request, reloads and scripts
      // repeating the call add nothing more (core/comms/visits.ts).
      const headers = (event.request?.headers ?? {}) as Record<string, string | undefined>;
      const sourceIp = (event.identity as { sourceIp?: string[] } | null | undefined)?.sourceIp;
      return recordEmbedVisit({ lgaCode: args.lgaCode, address: callerAddress(headers, sourceIp), userAgent: headers['user-agent'] ?? '' });
    },
  }),

  embeddedMapVisits: field({
    args: z.object({}).strict(),
    access: 'user',
    async resolve({ principal }) {
      if (!(await principal()).admin) throw forbidden();
      return embedVisitsReport();
    },
  }),

  ...evidenceFields,
  ...photoFields,
  ...eventFields,
  ...worksFields,
  ...claimPackFields,
});
