import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the element the URL's #hash names (e.g. /#submit-design), also when only the hash changes. */
export function useHashScroll(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
  }, [hash, key]);
}
