import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@shop/contracts';
import { leavingPage } from '../../../lib/navigation';

function positivePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

export interface ListParams {
  /** `?page=`, 1 when absent or not a positive whole number. */
  page: number;
  /**
   * Another page: a new history entry, so Back returns to the page before. The scroll position is kept: the list
   * scaffold (PagedList) brings the list's top into view.
   */
  setPage: (page: number) => void;
  /** A filter's value in the URL ('' when absent). */
  get: (key: string) => string;
  /** Sets a filter (a select, a tab) as a new history entry and starts again at page 1. */
  setFilter: (key: string, value: string) => void;
}

/**
 * A list's page and filters kept in the URL's query, as the storefront's inventory keeps them: a reload, a shared
 * link and Back show the same list. Page 1 and empty filters are left out of the URL.
 */
export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  return {
    page: positivePage(params.get('page')),
    setPage: (page) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (page > 1) next.set('page', String(page));
          else next.delete('page');
          return next;
        },
        { preventScrollReset: true },
      ),
    get: (key) => params.get(key) ?? '',
    setFilter: (key, value) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      }),
  };
}

export interface UrlSearch {
  /** What the box shows, as typed. */
  text: string;
  setText: (text: string) => void;
  /** The search in the URL (trimmed): what the list is loaded for. */
  value: string;
}

/**
 * A search box's text kept in the URL (`?{key}=`) once typing pauses (300 ms), replacing the history entry
 * rather than adding one per pause; a new search starts again at page 1. Back, forward and links that change the
 * URL's search show their text in the box.
 */
export function useUrlSearch(key: string, delay: number = SEARCH_DEBOUNCE_MS): UrlSearch {
  const [params, setParams] = useSearchParams();
  const value = params.get(key) ?? '';
  const [text, setTextState] = useState(value);
  // The URL's search as last seen: a change that did not come from this box replaces the box's text.
  const [seen, setSeen] = useState(value);
  // The search this box last wrote, until the URL shows it. Typing may go on before it does: when it arrives, it
  // is the box's own and leaves what was typed meanwhile in the box.
  const [written, setWritten] = useState<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latestSetParams = useRef(setParams);
  const latestValue = useRef(value);
  // The page this box belongs to, as last rendered.
  const { pathname } = useLocation();
  const page = useRef(pathname);
  useEffect(() => {
    latestSetParams.current = setParams;
    latestValue.current = value;
    page.current = pathname;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  if (value !== seen) {
    setSeen(value);
    if (value === written) setWritten(undefined);
    else if (value !== text.trim()) setTextState(value);
  }

  const setText = (next: string) => {
    setTextState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // A link followed while typing (its page still loading): the pause's search must not replace it.
      if (leavingPage(page.current)) return;
      const trimmed = next.trim();
      if (trimmed === latestValue.current) return;
      setWritten(trimmed);
      latestSetParams.current(
        (prev) => {
          if ((prev.get(key) ?? '') === trimmed) return prev;
          const url = new URLSearchParams(prev);
          if (trimmed) url.set(key, trimmed);
          else url.delete(key);
          url.delete('page');
          return url;
        },
        { replace: true },
      );
    }, delay);
  };

  return { text, setText, value };
}
