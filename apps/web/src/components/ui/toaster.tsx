import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from '../../lib/toast';
import { ToastRegion } from './toast-region';

// A toast's box is fetched after the first render (not part of the first load), with the live region, which is
// drawn as soon as it arrives, before any toast: what it announces is never missed. A toast raised before the box
// arrives shows (and is announced) once it has.
const loadToastItem = () => import('./toast-item');
const ToastList = lazy(() => loadToastItem().then((m) => ({ default: m.ToastList })));

/**
 * Renders the toasts of lib/toast in a polite live region, newest last (ToastLists). They start under the headers (every area's
 * is h-16, the public one lg:h-20), so they never cover the menu, login or account buttons at their right, and in
 * the middle, so they never cover a page's own actions either (a page header's button such as Add Product sits at
 * the right, a table's row actions at the right, a form's submit at the bottom): a toast a pointer rests on stays
 * open, so one placed over a button would keep it covered for as long as the user aims at it. While a modal dialog
 * is open they are drawn in it instead (DialogToasts). A menu or the notifications opened from the header are drawn
 * over them (z-[110] against the region's z-[100]): on a phone both take the width under the header, and what the
 * user just opened comes first.
 */
export function Toaster() {
  const toasts = useToasts();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    loadToastItem().then(
      () => setLoaded(true),
      () => undefined,
    );
  }, []);
  return (
    <ToastRegion>
      <Suspense fallback={null}>{(loaded || toasts.length > 0) && <ToastList toasts={toasts} />}</Suspense>
    </ToastRegion>
  );
}
