// /comms/tasks: the council's social content tasks (newest first) and a form for a new task of up
// to 26 of its current closures.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { listClosures, type ClosureSummary } from '../../closures/api/closures';
import { LgaPicker } from '../../closures/components/LgaPicker';
import { formatTimestamp } from '../../map/format';
import type { RouteDef } from '../../routing/route-table';
import { MAX_TASK_CLOSURES, TASK_STATUS_LABELS, createTask, listTasks, tasksKey, type ContentTask } from '../api/comms';
import { useCommsLga } from '../hooks/useCommsLga';
import { CommsNav } from './CommsNav';
import '../comms.css';

export function TaskStatusBadge({ task }: { task: Pick<ContentTask, 'status'> }) {
  return <span className={`comms-status comms-status--${task.status}`}>{TASK_STATUS_LABELS[task.status]}</span>;
}

/** Every closure of one list, page by page (a busy council can have more than one page). */
async function wholeList(lgaCode: string, view: 'ACTIVE' | 'SCHEDULED'): Promise<ClosureSummary[]> {
  const items: ClosureSummary[] = [];
  let nextToken: string | null = null;
  // At most ten pages: far more closures than a task (26) or a council's day ever needs.
  for (let page = 0; page < 10; page++) {
    const result = await listClosures(lgaCode, view, 100, nextToken);
    items.push(...result.items);
    nextToken = result.nextToken ?? null;
    if (!nextToken) break;
  }
  return items;
}

async function currentClosures(lgaCode: string): Promise<ClosureSummary[]> {
  const [active, scheduled] = await Promise.all([wholeList(lgaCode, 'ACTIVE'), wholeList(lgaCode, 'SCHEDULED')]);
  return [...active, ...scheduled];
}

function NewTaskForm({ lgaCode }: { lgaCode: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const closures = useQuery({ queryKey: ['comms', 'closures', lgaCode], queryFn: () => currentClosures(lgaCode) });
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createTask({ lgaCode, name: name.trim(), closureIds: chosen }),
    onSuccess: (task) => {
      void queryClient.invalidateQueries({ queryKey: tasksKey(lgaCode) });
      navigate(`/comms/tasks/${encodeURIComponent(task.id)}`);
    },
    onError: (error: Error) => setProblem(error.message),
  });
  const toggle = (id: string, on: boolean) => setChosen((prev) => (on ? [...prev, id] : prev.filter((x) => x !== id)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem('Task name is required');
    if (chosen.length === 0) return setProblem('Choose at least one closure');
    if (chosen.length > MAX_TASK_CLOSURES) return setProblem(`A task can include at most ${MAX_TASK_CLOSURES} closures`);
    setProblem(null);
    create.mutate();
  };
  return (
    <form className="panel comms-post" onSubmit={submit} aria-labelledby="new-task" noValidate>
      <h2 id="new-task">New task</h2>
      <label className="comms-field">
        Task name
        <input type="text" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} required />
      </label>
      <fieldset>
        <legend>Closures to post about ({chosen.length} of at most {MAX_TASK_CLOSURES})</legend>
        {closures.isPending ? (
          <p role="status">Loading closures…</p>
        ) : closures.isError ? (
          <p role="alert" className="comms-error">Failed to load closures: {closures.error.message}</p>
        ) : closures.data.length === 0 ? (
          <p>The council has no current closures.</p>
        ) : (
          <ul className="comms-closures">
            {closures.data.map((c) => (
              <li key={c.id}>
                <label>
                  <input type="checkbox" checked={chosen.includes(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} data-closure-id={c.id} />
                  <span><strong>{c.type.text}</strong> · {c.formattedAddress ?? 'Address unknown'}{c.scheduled ? ' · scheduled' : ''}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {problem && <p role="alert" className="comms-error">{problem}</p>}
      <div className="comms-actions">
        <button type="submit" className="comms-button" disabled={create.isPending}>{create.isPending ? 'Creating…' : 'Create task'}</button>
      </div>
    </form>
  );
}

export function TasksPage({ def }: { def: RouteDef }) {
  const { lgaCode, options, select, loading } = useCommsLga();
  const tasks = useQuery({ queryKey: tasksKey(lgaCode), queryFn: () => listTasks(lgaCode!), enabled: !!lgaCode });
  return (
    <div className="comms-page">
      <PageHeader title={def.title}>Posts about your closures, written for you to check, edit and publish.</PageHeader>
      <CommsNav />
      <div className="comms-tools"><LgaPicker value={lgaCode} options={options} onChange={select} /></div>
      {!lgaCode && !loading ? (
        <ErrorState title="No council to show" message="You are not media and communications manager of a council with an active subscription." />
      ) : lgaCode ? (
        <>
          <NewTaskForm key={lgaCode} lgaCode={lgaCode} />
          <section className="panel" aria-labelledby="task-list">
            <h2 id="task-list">Tasks</h2>
            {tasks.isPending ? (
              <p role="status">Loading tasks…</p>
            ) : tasks.isError ? (
              <ErrorState title="Failed to load tasks" message={tasks.error.message} onRetry={() => void tasks.refetch()} />
            ) : tasks.data.length === 0 ? (
              <p role="status">No tasks yet. Create one above.</p>
            ) : (
              <table className="comms-table">
                <thead><tr><th scope="col">Task</th><th scope="col">Status</th><th scope="col">Closures</th><th scope="col">Created</th></tr></thead>
                <tbody>
                  {tasks.data.map((t) => (
                    <tr key={t.id}>
                      <td><Link to={`/comms/tasks/${encodeURIComponent(t.id)}`}>{t.name}</Link></td>
                      <td><TaskStatusBadge task={t} /></td>
                      <td>{t.closureIds.length}</td>
                      <td>{formatTimestamp(t.created)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
