import { describe, expect, it } from 'vitest';
import { HELP_TOPICS } from '../../routing/route-table';
import { HELP_PAGES } from '../help-pages';

describe('help pages', () => {
  it('has a written page for each of the twelve help routes, in the spec\'s order, with the route\'s title', () => {
    expect(HELP_PAGES.map((p) => [p.slug, p.title])).toEqual(HELP_TOPICS);
    expect(HELP_PAGES).toHaveLength(12);
    for (const page of HELP_PAGES) expect(page.summary.length).toBeGreaterThan(10);
  });
});
