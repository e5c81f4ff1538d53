import type { LgaListItem } from '../identity/api/identity';

const norm = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim();

/** Type-ahead order: name starts with the query, then a word starts with it, then it appears anywhere (or the code matches). */
export function searchLgas(lgas: LgaListItem[], query: string, limit = 12): LgaListItem[] {
  const q = norm(query);
  if (!q) return lgas.slice(0, limit);
  const scored: Array<[number, LgaListItem]> = [];
  for (const lga of lgas) {
    const name = norm(lga.name);
    const long = norm(lga.nameLong ?? '');
    let score = -1;
    if (name.startsWith(q)) score = 0;
    else if (name.split(/[\s-]+/).some((w) => w.startsWith(q))) score = 1;
    else if (name.includes(q) || long.includes(q)) score = 2;
    else if (lga.code.startsWith(q)) score = 3;
    if (score >= 0) scored.push([score, lga]);
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].name.localeCompare(b[1].name));
  return scored.slice(0, limit).map(([, lga]) => lga);
}

export function lgaLabel(lga: Pick<LgaListItem, 'name' | 'state'>): string {
  return lga.state ? `${lga.name} (${lga.state})` : lga.name;
}
