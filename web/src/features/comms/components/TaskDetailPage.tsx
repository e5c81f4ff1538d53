// /comms/tasks/{taskId}: generate the posts (the page follows the writing live), edit each post,
// copy it, approve the task, and download a map image of its closures.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import type { MapClosure } from '../../map/api/closure-fields';
import type { RouteDef } from '../../routing/route-table';
import { approveTask, generateTask, getTask, taskKey, tasksKey, updatePost, type ContentTask } from '../api/comms';
import { copyText } from './IntegrationPage';
import { TaskMapImage } from './TaskMapImage';
import { TaskStatusBadge } from './TasksPage';
import '../comms.css';

/** While the posts are being written the page asks again every 1.5 s. */
const FOLLOW_MS = 1500;

function PostEditor({ task, closure, index, text }: { task: ContentTask; closure: MapClosure | undefined; index: number; text: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);
  const editable = task.status === 'awaiting_approval';
  const save = useMutation({
    mutationFn: () => updatePost(task.id, closure?.id ?? task.closureIds[index], draft),
    onSuccess: (updated) => {
      queryClient.setQueryData(taskKey(task.id), (old: ContentTask | undefined) => ({ ...old, ...updated }));
      toast.show({ kind: 'success', message: 'Post saved.' });
    },
    onError: (error: Error) => toast.show({ kind: 'error', message: error.message }),
  });
  const copy = async () => {
    try {
      await copyText(draft);
      toast.show({ kind: 'success', message: 'Post copied to the clipboard.' });
    } catch {
      toast.show({ kind: 'error', message: 'Copying was blocked by the browser: select the text and copy it.' });
    }
  };
  const id = `post-${index}`;
  return (
    <article className="panel comms-post" data-post-index={index}>
      <label htmlFor={id}>
        <strong>Post {index + 1}</strong>: {closure ? `${closure.type.text} · ${closure.formattedAddress ?? 'address unknown'}` : 'closure no longer available'}
      </label>
      <textarea id={id} value={draft} readOnly={!editable} maxLength={2000} onChange={(e) => setDraft(e.target.value)} />
      <div className="comms-actions">
        {editable && (
          <button type="button" className="comms-button" disabled={save.isPending || draft === text || !draft.trim()} onClick={() => save.mutate()}>
            {save.isPending ? 'Saving…' : 'Save post'}
          </button>
        )}
        <button type="button" className="comms-button comms-button--secondary" onClick={() => void copy()}>Copy post</button>
      </div>
    </article>
  );
}

export function TaskDetailPage({ def }: { def: RouteDef }) {
  const { taskId = '' } = useParams();
  const toast = useToast();
  const queryClient = useQueryClient();
  const task = useQuery({
    queryKey: taskKey(taskId),
    queryFn: () => getTask(taskId),
    refetchInterval: (query) => (query.state.data?.status === 'generating' ? FOLLOW_MS : false),
  });
  const settle = (updated: ContentTask) => {
    queryClient.setQueryData(taskKey(taskId), (old: ContentTask | undefined) => ({ ...old, ...updated }));
    void queryClient.invalidateQueries({ queryKey: tasksKey(updated.lgaCode) });
  };
  const generate = useMutation({ mutationFn: () => generateTask(taskId), onSuccess: settle, onError: (e: Error) => toast.show({ kind: 'error', message: e.message }) });
  const approve = useMutation({
    mutationFn: () => approveTask(taskId),
    onSuccess: (t) => {
      settle(t);
      toast.show({ kind: 'success', message: 'Task approved.' });
    },
    onError: (e: Error) => toast.show({ kind: 'error', message: e.message }),
  });

  if (task.isPending) return <PageLoader />;
  if (task.isError) return <ErrorState title="Failed to load the task" message={task.error.message} onRetry={() => void task.refetch()} />;
  if (!task.data) return <ErrorState title="Task not found" message="This social content task does not exist."><Link to="/comms/tasks">All tasks</Link></ErrorState>;
  const t = task.data;
  const closures = t.closures ?? [];
  const byId = new Map(closures.map((c) => [c.id, c]));
  return (
    <div className="comms-page">
      <PageHeader title={`${def.title}: ${t.name}`}>
        <Link to={`/comms/tasks?lga=${t.lgaCode}`}>All tasks</Link>
      </PageHeader>
      <section className="panel" aria-live="polite">
        <p>Status: <TaskStatusBadge task={t} /> · {t.closureIds.length} closure{t.closureIds.length === 1 ? '' : 's'}</p>
        {t.status === 'error' && <p role="alert" className="comms-error">{t.error}</p>}
        {t.status === 'generating' && <p role="status">Writing the posts… this page updates by itself.</p>}
        <div className="comms-actions">
          {(t.status === 'draft' || t.status === 'error' || t.status === 'awaiting_approval') && (
            <button type="button" className={`comms-button${t.status === 'awaiting_approval' ? ' comms-button--secondary' : ''}`} disabled={generate.isPending} onClick={() => generate.mutate()}>
              {t.status === 'draft' ? 'Generate posts' : t.status === 'error' ? 'Try again' : 'Write the posts again'}
            </button>
          )}
          {t.status === 'awaiting_approval' && (
            <button type="button" className="comms-button" disabled={approve.isPending} onClick={() => approve.mutate()}>Approve</button>
          )}
        </div>
      </section>
      {t.posts.map((post, index) => (
        <PostEditor key={post.closureId} task={t} closure={byId.get(post.closureId)} index={index} text={post.text} />
      ))}
      {closures.length > 0 && <TaskMapImage closures={closures} fileName={`closures-${t.id}.png`} />}
    </div>
  );
}
