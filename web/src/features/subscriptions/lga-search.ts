// Searching the council list on /subscriptions/lgas.
import type { LgaListItem } from '../identity/api/identity';

/** LGAs whose name, long name, state or code contain every word of the search (any case). */
export function matchingLgas(lgas: LgaListItem[], search: string): LgaListItem[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return lgas.filter((l) => {
    const text = [l.name, l.nameLong, l.state, l.code].filter(Boolean).join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
