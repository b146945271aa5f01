import { lazy, Suspense, useEffect } from 'react';
import { useToasts } from '../../lib/toast';

// A toast's box is fetched after the first render (not part of the first load); the live region is there from the
// start, so what it announces is never missed, and a toast raised before the box arrives shows once it has.
const loadToastItem = () => import('./toast-item');
const ToastItem = lazy(() => loadToastItem().then((m) => ({ default: m.ToastItem })));

/**
 * Renders the toasts of lib/toast in a polite live region, newest last. They start under the headers (every area's
 * is h-16, the public one lg:h-20), so they never cover the menu, login or account buttons at their right, and in
 * the middle, so they never cover a page's own actions either (a page header's button such as Add Product sits at
 * the right, a table's row actions at the right, a form's submit at the bottom): a toast a pointer rests on stays
 * open, so one placed over a button would keep it covered for as long as the user aims at it.
 */
export function Toaster() {
  const toasts = useToasts();
  useEffect(() => {
    void loadToastItem();
  }, []);
  return (
    <div
      aria-live="polite"
      aria-relevant="additions text"
      className="pointer-events-none fixed inset-x-0 top-16 z-[100] flex justify-center p-4 lg:top-20"
    >
      <ol className="flex w-full max-w-sm flex-col gap-3" aria-label="Messages">
        <Suspense fallback={null}>
          {toasts.map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
        </Suspense>
      </ol>
    </div>
  );
}
