import type { ReactNode } from 'react';

/** Where the toasts are drawn, under the headers; their lists and live region are ToastLists' (toast-item.tsx). */
export function ToastRegion({ children }: { children: ReactNode }) {
  return <div className="toast-region">{children}</div>;
}
