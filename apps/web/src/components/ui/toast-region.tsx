import type { ReactNode } from 'react';

/** The polite live region the toasts are listed in, under the headers. */
export function ToastRegion({ children }: { children: ReactNode }) {
  return (
    <div aria-live="polite" aria-relevant="additions text" className="toast-region">
      <ol className="toast-list" aria-label="Messages">
        {children}
      </ol>
    </div>
  );
}
