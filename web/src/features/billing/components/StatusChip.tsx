import { statusLabel } from '../format';

export function StatusChip({ status }: { status: string }) {
  return (
    <span className="status-chip" data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
