// The media_comms_manager's dashboard card: the five newest social content tasks and how many there are.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { listTasks, tasksKey } from '../api/comms';
import { TaskStatusBadge } from './TasksPage';

export function SocialTasksCard({ lgaCode }: { lgaCode: string }) {
  const tasks = useQuery({ queryKey: tasksKey(lgaCode), queryFn: () => listTasks(lgaCode) });
  if (tasks.isPending) return <p className="role-card__body" role="status">Loading tasks…</p>;
  if (tasks.isError) return <p className="role-card__body" role="alert">Failed to load tasks: {tasks.error.message}</p>;
  if (tasks.data.length === 0) return <p className="role-card__body">No social content tasks yet.</p>;
  return (
    <div className="role-card__body">
      <p>{tasks.data.length} task{tasks.data.length === 1 ? '' : 's'}</p>
      <ul className="comms-feeds">
        {tasks.data.slice(0, 5).map((t) => (
          <li key={t.id}>
            <Link to={`/comms/tasks/${encodeURIComponent(t.id)}?lga=${lgaCode}`}>{t.name}</Link> <TaskStatusBadge task={t} />
          </li>
        ))}
      </ul>
    </div>
  );
}
