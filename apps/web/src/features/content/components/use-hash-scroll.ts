import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the element the URL's #hash names (e.g. /#submit-design), also when only the hash changes. */
export function useHashScroll(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A broken escape (#%E0) is kept as typed: it names no element.
    }
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
  }, [hash, key]);
}
