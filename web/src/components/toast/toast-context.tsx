import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import './toast.css';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface ToastInput {
  kind: ToastKind;
  message: string;
  title?: string;
}

interface Toast extends ToastInput {
  id: number;
}

/** Spec §9: a toast hides after 7 s. */
export const TOAST_DURATION_MS = 7000;
const MAX_VISIBLE = 3;

interface ToastApi {
  show(toast: ToastInput): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const icons: Record<ToastKind, string> = { info: 'ℹ', success: '✓', warning: '!', error: '✕' };

function ToastItem({ toast, onClose }: { toast: Toast; onClose(id: number): void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onClose]);
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span className="toast__icon" aria-hidden="true">{icons[toast.kind]}</span>
      <div className="toast__body">
        {toast.title && <strong className="toast__title">{toast.title}</strong>}
        <span>{toast.message}</span>
      </div>
      <button type="button" className="toast__close" onClick={() => onClose(toast.id)} aria-label="Dismiss notification">
        ×
      </button>
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const close = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    // Oldest first out: a burst of messages must not cover the page.
    setToasts((list) => [...list, { ...input, id }].slice(-MAX_VISIBLE));
  }, []);

  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="region" aria-label="Notifications from the app">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={close} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
