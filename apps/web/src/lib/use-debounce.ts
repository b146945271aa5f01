import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@shop/contracts';

/** The value once it has stopped changing for `delay` ms (search boxes wait 300 ms). */
export function useDebounce<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
