// Writes a content task's posts (the asynchronous half of generateContentTask): each closure's
// facts to the configured writer; any failure leaves the task in Error with the message.
import { getClosures } from '../closures/store';
import { closureFacts } from '../../core/comms/tasks';
import type { PostWriter } from '../../core/comms/writer';
import { getTask, patchTask, type ContentTaskRecord } from './tasks';

export async function runGeneration(taskId: string, writer: PostWriter): Promise<ContentTaskRecord | undefined> {
  const task = await getTask(taskId);
  // Only a task that is generating (initiated, not completed, no error) is written.
  if (!task || !task.initiated || task.completed || task.error) return task;
  try {
    const closures = await getClosures(task.closureIds);
    const byId = new Map(closures.map((c) => [c.id, c]));
    const siteUrl = process.env.SITE_URL ?? '';
    const posts = [];
    for (const closureId of task.closureIds) {
      const closure = byId.get(closureId);
      if (!closure) throw new Error(`Closure ${closureId} no longer exists`);
      posts.push({ closureId, text: await writer.write(closureFacts(closure, siteUrl)) });
    }
    return await patchTask(task, { posts, completed: Math.floor(Date.now() / 1000) });
  } catch (error) {
    const message = `Writing the posts failed: ${(error as Error).message}`.slice(0, 500);
    return patchTask(task, { error: message });
  }
}
