import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { LgaListItem } from '../../identity/api/identity';
import { lgaLabel, searchLgas } from '../lga-search';
import './profile.css';

interface LgaPickerProps {
  label: string;
  lgas: LgaListItem[];
  value: string | null;
  onChange(code: string): void;
  isDisabled?: boolean;
  errorMessage?: string;
}

/** A type-ahead combobox over every council (ARIA 1.2 combobox with a listbox popup). */
export function LgaPicker({ label, lgas, value, onChange, isDisabled, errorMessage }: LgaPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const selected = lgas.find((l) => l.code === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const text = query ?? (selected ? lgaLabel(selected) : '');
  const options = useMemo(() => searchLgas(lgas, query ?? ''), [lgas, query]);

  const choose = (lga: LgaListItem) => {
    onChange(lga.code);
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      if (open && options[active]) {
        e.preventDefault();
        choose(options[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setQuery(null);
      }
    }
  };

  return (
    <div className={`lga-picker${errorMessage ? ' lga-picker--error' : ''}`}>
      <label htmlFor={id} className="lga-picker__label">{label}</label>
      <input
        id={id}
        className="lga-picker__input"
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${id}-opt-${options[active].code}` : undefined}
        aria-invalid={!!errorMessage}
        autoComplete="off"
        placeholder="Start typing a council name"
        disabled={isDisabled}
        value={text}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          // Let a click on an option land before the list closes.
          setTimeout(() => {
            setOpen(false);
            setQuery(null);
          }, 150);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={label} className="lga-picker__list">
          {options.length === 0 && <li className="lga-picker__empty">No council matches “{query}”</li>}
          {options.map((lga, i) => (
            <li
              key={lga.code}
              id={`${id}-opt-${lga.code}`}
              role="option"
              aria-selected={lga.code === value}
              className={`lga-picker__option${i === active ? ' lga-picker__option--active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(lga)}
            >
              <span>{lga.name}</span>
              <span className="muted">{lga.state ?? ''}</span>
            </li>
          ))}
        </ul>
      )}
      {errorMessage && <p className="lga-picker__error" role="alert">{errorMessage}</p>}
    </div>
  );
}
