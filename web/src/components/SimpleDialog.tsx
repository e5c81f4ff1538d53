// A small modal dialog on the browser's <dialog>: it opens and closes with `open`, the browser
// moves focus in (to the child marked autoFocus) and keeps it there, Escape asks to close, and
// focus returns to what opened it. The title names the dialog for screen readers.
import { useEffect, useRef, type ReactNode } from 'react';

interface SimpleDialogProps {
  open: boolean;
  /** The visible heading, which also labels the dialog. */
  title: ReactNode;
  /** Id of the heading (unique on the page). */
  titleId: string;
  className: string;
  /** Escape: the dialog stays open until the owner closes it through `open`. */
  onCancel(): void;
  testId?: string;
  children: ReactNode;
}

export function SimpleDialog({ open, title, titleId, className, onCancel, testId, children }: SimpleDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
