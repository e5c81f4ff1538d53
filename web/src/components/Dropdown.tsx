import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './dropdown.css';

export type DropdownItem =
  | { kind: 'link'; label: string; to: string; description?: string }
  | { kind: 'action'; label: string; onSelect(): void; description?: string }
  | { kind: 'disabled'; label: string; reason: string };

interface DropdownProps {
  label: ReactNode;
  /** Accessible name when the visible label is an icon. */
  ariaLabel?: string;
  items: DropdownItem[];
  align?: 'start' | 'end';
  buttonClassName?: string;
  /** Shown above the items, e.g. the signed-in user's email. */
  header?: ReactNode;
  /** Shown when there are no items. */
  empty?: ReactNode;
}

/** A menu button (WAI-ARIA pattern): Enter/Space/ArrowDown open, arrows and Home/End move, Escape closes. */
export function Dropdown({ label, ariaLabel, items, align = 'start', buttonClassName, header, empty }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const menuItems = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const list = menuItems();
    if (list.length === 0) return;
    list[(index + list.length) % list.length].focus();
  };

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, close]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const last = event.key === 'ArrowUp';
      requestAnimationFrame(() => focusItem(last ? -1 : 0));
    } else if (event.key === 'Escape' && open) {
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems();
    const current = list.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown': event.preventDefault(); focusItem(current + 1); break;
      case 'ArrowUp': event.preventDefault(); focusItem(current - 1); break;
      case 'Home': event.preventDefault(); focusItem(0); break;
      case 'End': event.preventDefault(); focusItem(-1); break;
      case 'Escape': event.preventDefault(); close(true); break;
      case 'Tab': close(false); break;
    }
  };

  return (
    <div
      className={`dropdown dropdown--${align}`}
      ref={rootRef}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName ?? 'nav-link nav-link--button'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <span className="dropdown__caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="dropdown__menu" id={menuId} role="menu" ref={menuRef} onKeyDown={onMenuKeyDown} aria-label={ariaLabel}>
          {header && <div className="dropdown__header">{header}</div>}
          {items.length === 0 && empty && <div className="dropdown__empty">{empty}</div>}
          {items.map((item) => {
            if (item.kind === 'link') {
              return (
                <Link key={item.label} role="menuitem" to={item.to} className="dropdown__item" onClick={() => close(false)}>
                  <span>{item.label}</span>
                  {item.description && <small>{item.description}</small>}
                </Link>
              );
            }
            if (item.kind === 'action') {
              return (
                <button key={item.label} type="button" role="menuitem" className="dropdown__item"
                  onClick={() => { close(true); item.onSelect(); }}>
                  <span>{item.label}</span>
                  {item.description && <small>{item.description}</small>}
                </button>
              );
            }
            // Focusable but inert, so keyboard and screen-reader users also learn why it is off.
            return (
              <div key={item.label} role="menuitem" tabIndex={-1} aria-disabled="true" className="dropdown__item dropdown__item--disabled">
                <span>{item.label}</span>
                <small>{item.reason}</small>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
