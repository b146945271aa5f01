import { useEffect, useRef } from 'react';

/**
 * For a button that opens a form in place and is hidden while it is open (Edit, Build): when `open` turns false
 * (saved or cancelled), the focus goes back to the button, drawn again, instead of falling to the page.
 */
export function useFocusOnClose<T extends HTMLElement>(open: boolean) {
  const opener = useRef<T>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open && wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return opener;
}
