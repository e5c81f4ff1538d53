// The confirmation before an action that cannot be taken back lightly (deleting, archiving, removing media).
import type { ReactNode } from 'react';
import { SimpleDialog } from '../../../components/SimpleDialog';
// Its look lives with the closure screens; other screens (reports, announcements) open it too.
import './closures.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A confirmation on SimpleDialog: Escape cancels unless the action is under way. */
export function ConfirmDialog({ open, title, children, confirmLabel, danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = `confirm-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <SimpleDialog open={open} title={title} titleId={titleId} className="confirm-dialog" onCancel={() => !busy && onCancel()}>
      <div className="confirm-dialog__body">{children}</div>
      <div className="confirm-dialog__actions">
        <button type="button" className="cl-button cl-button--secondary" onClick={onCancel} disabled={busy}>Cancel</button>
        <button type="button" className={`cl-button${danger ? ' cl-button--danger' : ''}`} onClick={onConfirm} disabled={busy} autoFocus>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </SimpleDialog>
  );
}
