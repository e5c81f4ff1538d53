// A small "?" next to a control that needs explaining, opening a short note with a "Learn more"
// link to the help page (spec §2, help popovers). A disclosure: the button says whether it is
// open (aria-expanded), Escape or a click elsewhere closes it, and focus returns to the button.
import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './help-popover.css';

interface HelpPopoverProps {
  /** What the note is about, for the button's name: "Help: {topic}". */
  topic: string;
  /** The help page's slug (/help/{page}) and, optionally, a section id on it. */
  page: string;
  children: ReactNode;
}

/** Under the button, kept inside the window (a 360 px phone included), whatever the layout around it. */
function placeUnder(button: HTMLElement): CSSProperties {
  const rect = button.getBoundingClientRect();
  const width = Math.min(288, window.innerWidth - 32);
  const left = Math.max(16, Math.min(rect.left + rect.width / 2 - width / 2, window.innerWidth - width - 16));
  return { position: 'fixed', top: rect.bottom + 6, left, width };
}

export function HelpPopover({ topic, page, children }: HelpPopoverProps) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties>({});
  const rootRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // The popover's Escape, not the dialog's around it.
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  return (
    <span className="help-popover" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="help-popover__button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`Help: ${topic}`}
        onClick={() => {
          if (!open) setPlace(placeUnder(buttonRef.current!));
          setOpen((value) => !value);
        }}
      >
        ?
      </button>
      <span id={id} className="help-popover__panel" hidden={!open} style={place}>
        <span className="help-popover__text">{children}</span>
        <Link to={`/help/${page}`} className="help-popover__more">Learn more<span className="visually-hidden"> about {topic.toLowerCase()}</span></Link>
      </span>
    </span>
  );
}
