import { useEffect, type RefObject } from 'react';

/**
 * Keeps the keyboard user's place when the element they were on is removed: an action whose button goes once the
 * data is read again (a booking cancelled, a proposal sent) would leave the focus on the page's body, and the next
 * Tab would start from the top of the page. Then the focus goes to `main` (without scrolling), so the next Tab
 * goes on in the page's content. Nothing moves while something else has the focus.
 */
export function useFocusRescue(main: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const area = main.current;
    if (!area) return;
    let last: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null;
    };
    const observer = new MutationObserver(() => {
      if (last && !last.isConnected && document.activeElement === document.body) {
        last = null;
        area.focus({ preventScroll: true });
      }
    });
    area.addEventListener('focusin', onFocusIn);
    observer.observe(area, { childList: true, subtree: true });
    return () => {
      area.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, [main]);
}
