import type { LgaOption } from '../api/closures';

/** Shown when there is a choice to make: several councils, or an admin (who may open any customer). */
export function LgaPicker({ value, options, always, onChange }: { value: string | null; options: LgaOption[]; always?: boolean; onChange(code: string): void }) {
  if (options.length < 2 && !(always && options.length > 0)) return null;
  return (
    <label className="cl-lga-picker">
      <span>Council</span>
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {value && !options.some((o) => o.code === value) && <option value={value}>LGA {value}</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code}>{o.name}</option>
        ))}
      </select>
    </label>
  );
}
