import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import './toast.css';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface ToastInput {
  kind: ToastKind;
  message: string;
  title?: string;
  /** How long it stays; TOAST_DURATION_MS unless a message has its own (spec §8: unsealed roads 5 s). */
  durationMs?: number;
  /** A toast with the key of one on screen replaces it (its timer starts again). */
  key?: string;
}

interface Toast extends ToastInput {
  id: number;
}

/** Spec §9: a toast hides after 7 s. */
export const TOAST_DURATION_MS = 7000;
const MAX_VISIBLE = 3;

interface ToastApi {
  show(toast: ToastInput): void;
  /** Hides the toast with this key, if one is on screen. */
  dismiss(key: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const icons: Record<ToastKind, string> = { info: 'ℹ', success: '✓', warning: '!', error: '✕' };

function ToastItem({ toast, onClose }: { toast: Toast; onClose(id: number): void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), toast.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, onClose]);
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
    setToasts((list) => {
      const at = input.key === undefined ? -1 : list.findIndex((t) => t.key === input.key);
      if (at >= 0) return list.map((t, i) => (i === at ? { ...input, id } : t));
      return [...list, { ...input, id }].slice(-MAX_VISIBLE);
    });
  }, []);
  const dismiss = useCallback((key: string) => setToasts((list) => list.filter((t) => t.key !== key)), []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
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
