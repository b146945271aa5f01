/** Text cut to `max` characters with an ellipsis (admin comments: 100, 50 on mobile). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** What a design page opened from the list knows of it: the list's query (its page), for "Back to Designs". */
export interface DesignListState {
  listSearch: string;
}

/** The list's query a design page was opened from, if it was: only a query string ("?page=2") is taken. */
export function listSearchOf(state: unknown): string {
  const search = (state as Partial<DesignListState> | null)?.listSearch;
  return typeof search === 'string' && /^\?[^#]*$/.test(search) ? search : '';
}
