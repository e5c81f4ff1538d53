// The unsealed roads modal (spec §2, §4, §5): step 1 picks the status; open saves at once
// (clearing message and expiry); closed and restricted go on to step 2 with the message (≤ 500),
// the vehicle limit for restricted (1–50 t, step 0.5, default 4.5) and the auto-expiry (a
// datetime-local not earlier than one hour from now). Failures are 5-second error toasts.
import { useEffect, useId, useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { fromDatetimeLocal, toDatetimeLocal } from '../../closures/format';
import { HelpPopover } from '../../help/components/HelpPopover';
import { setUnsealedRoadsStatus, type UnsealedRoads, type UnsealedStatus } from '../api/announcements';
import {
  GVM_DEFAULT,
  GVM_MAX,
  GVM_MIN,
  GVM_STEP,
  MESSAGE_MAX,
  STATUS_TEXT,
  minExpiryLocal,
  restrictedMessage,
  validateDetails,
  type DetailsErrors,
} from '../validation';

/** Spec §9: the unsealed-roads error toast hides after 5 s. */
export const UNSEALED_TOAST_MS = 5000;

interface Props {
  open: boolean;
  lgaCode: string;
  lgaName?: string;
  current: UnsealedRoads | null;
  onClose(): void;
  onSaved(result: UnsealedRoads): void;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const STATUS_HELP: Record<UnsealedStatus, string> = {
  open: 'All unsealed roads can be used. Saves straight away.',
  closed: 'No vehicle may use unsealed roads.',
  restricted: 'Only vehicles up to a gross vehicle mass (GVM) may use unsealed roads.',
};

export function UnsealedRoadsModal({ open, lgaCode, lgaName, current, onClose, onSaved }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const toast = useToast();
  const ids = useId();
  const [step, setStep] = useState<1 | 2>(1);
  const [status, setStatus] = useState<UnsealedStatus>('open');
  const [message, setMessage] = useState('');
  const [maxGVM, setMaxGVM] = useState(String(GVM_DEFAULT));
  const [expiresAt, setExpiresAt] = useState('');
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // Start from what is in force now.
      const a = current?.announcement;
      setStep(1);
      setStatus(current?.status ?? 'open');
      setMessage(a?.message ?? '');
      setMaxGVM(String(a?.vehicleRestrictions?.maxGVM ?? GVM_DEFAULT));
      setExpiresAt(toDatetimeLocal(a?.expiresAt ?? null));
      setErrors({});
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, current]);

  const save = async (input: Parameters<typeof setUnsealedRoadsStatus>[1]) => {
    setBusy(true);
    try {
      const result = await setUnsealedRoadsStatus(lgaCode, input);
      toast.show({ kind: 'success', message: `Unsealed roads are now ${STATUS_TEXT[result.status].toLowerCase()}.` });
      onSaved(result);
    } catch (error) {
      const text = (error as Error).message;
      toast.show({
        kind: 'error',
        message: input.status === 'OPEN' ? `Failed to set status to open: ${text}` : `Failed to update status: ${text}`,
        durationMs: UNSEALED_TOAST_MS,
      });
    } finally {
      setBusy(false);
    }
  };

  const saveOpen = () => save({ status: 'OPEN', message: null, expiresAt: null });

  const choose = (next: UnsealedStatus) => {
    setStatus(next);
    // Restricted turns vehicle restrictions on and fills the message; the others turn them off.
    if (next === 'restricted' && (!message.trim() || message === restrictedMessage(Number(maxGVM) || GVM_DEFAULT) || message.startsWith('Unsealed roads are open to vehicles'))) {
      setMessage(restrictedMessage(Number(maxGVM) || GVM_DEFAULT));
    }
    if (next !== 'restricted' && message.startsWith('Unsealed roads are open to vehicles')) setMessage('');
  };

  const next = () => {
    if (status === 'open') void saveOpen();
    else setStep(2);
  };

  const submit = () => {
    if (status === 'open') return;
    const found = validateDetails({ status, message, maxGVM, expiresAt }, nowSeconds());
    setErrors(found);
    if (Object.keys(found).length) return;
    void save({
      status: status === 'closed' ? 'CLOSED' : 'RESTRICTED',
      message: message.trim() || null,
      vehicleRestrictions: status === 'restricted' ? { enabled: true, maxGVM: Number(maxGVM) } : { enabled: false },
      expiresAt: fromDatetimeLocal(expiresAt),
    });
  };

  const titleId = `${ids}-title`;
  const place = lgaName ?? `LGA ${lgaCode}`;
  return (
    <dialog
      ref={ref}
      className="unsealed-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId}>Unsealed roads in {place}</h2>
      {step === 1 ? (
        <>
          <p className="unsealed-field__hint">Step 1 of 2: choose the status.</p>
          <fieldset>
            <legend>
              Status
              <HelpPopover topic="Unsealed-road statuses" page="road-conditions">
                Open: all unsealed roads may be used. Closed: nobody may drive on them. Restricted: only vehicles up to the
                mass limit you set may use them. Residents see the status on the map and can be notified.
              </HelpPopover>
            </legend>
            {(['open', 'closed', 'restricted'] as const).map((value) => (
              <label key={value} className="unsealed-option">
                <input type="radio" name={`${ids}-status`} value={value} checked={status === value} onChange={() => choose(value)} />
                <span>
                  <strong>{STATUS_TEXT[value]}</strong>
                  <br />
                  <span className="unsealed-field__hint">{STATUS_HELP[value]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="unsealed-actions">
            <button type="button" className="ann-button ann-button--secondary" onClick={onClose} disabled={busy}>Cancel</button>
            <button type="button" className="ann-button" onClick={next} disabled={busy}>
              {status === 'open' ? (busy ? 'Saving…' : 'Save') : 'Next'}
            </button>
          </div>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <p className="unsealed-field__hint">Step 2 of 2: details for {STATUS_TEXT[status].toLowerCase()}.</p>
          <div className="unsealed-field">
            <label htmlFor={`${ids}-message`}>Message (optional)</label>
            <textarea
              id={`${ids}-message`}
              rows={4}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              aria-invalid={Boolean(errors.message)}
              aria-describedby={`${ids}-message-count${errors.message ? ` ${ids}-message-error` : ''}`}
            />
            <p id={`${ids}-message-count`} className="unsealed-field__hint">{message.length} / {MESSAGE_MAX} characters</p>
            {errors.message && <p id={`${ids}-message-error`} className="unsealed-field__error" role="alert">{errors.message}</p>}
          </div>
          {status === 'restricted' && (
            <div className="unsealed-field">
              <label htmlFor={`${ids}-gvm`}>Maximum gross vehicle mass (tonnes)</label>
              <input
                id={`${ids}-gvm`}
                type="number"
                inputMode="decimal"
                min={GVM_MIN}
                max={GVM_MAX}
                step={GVM_STEP}
                value={maxGVM}
                onChange={(e) => setMaxGVM(e.target.value)}
                aria-invalid={Boolean(errors.maxGVM)}
                aria-describedby={errors.maxGVM ? `${ids}-gvm-error` : `${ids}-gvm-hint`}
              />
              <p id={`${ids}-gvm-hint`} className="unsealed-field__hint">Vehicle restrictions are on: {GVM_MIN} to {GVM_MAX} t, in steps of {GVM_STEP}.</p>
              {errors.maxGVM && <p id={`${ids}-gvm-error`} className="unsealed-field__error" role="alert">{errors.maxGVM}</p>}
            </div>
          )}
          <div className="unsealed-field">
            <label htmlFor={`${ids}-expiry`}>Automatically expire (optional)</label>
            <input
              id={`${ids}-expiry`}
              type="datetime-local"
              min={minExpiryLocal(nowSeconds())}
              value={expiresAt}
              onChange={(e) => setExpiresAt(e.target.value)}
              aria-invalid={Boolean(errors.expiresAt)}
              aria-describedby={errors.expiresAt ? `${ids}-expiry-error` : `${ids}-expiry-hint`}
            />
            <p id={`${ids}-expiry-hint`} className="unsealed-field__hint">At least one hour from now; the notice is archived then and the roads count as open.</p>
            {errors.expiresAt && <p id={`${ids}-expiry-error`} className="unsealed-field__error" role="alert">{errors.expiresAt}</p>}
          </div>
          <div className="unsealed-actions">
            <button type="button" className="ann-button ann-button--secondary" onClick={() => setStep(1)} disabled={busy}>Back</button>
            {current?.announcement && (
              <button type="button" className="ann-button ann-button--secondary" onClick={() => void saveOpen()} disabled={busy}>Set to open</button>
            )}
            <button type="submit" className="ann-button" disabled={busy}>{busy ? 'Saving…' : 'Save'}</button>
          </div>
        </form>
      )}
    </dialog>
  );
}
