import { DESIGN_PAGE_TEXTS } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { AlertTriangleIcon } from '../../../components/ui/icons';

/**
 * A design page whose design is in hand but could not be read again (a realtime update or a reconnection asked
 * for it, the server or the network failed): the page stays, with this notice and another try. Polite (a status,
 * not an alert): the page the reader is on is still true as far as it goes.
 */
export function RefreshFailedNotice({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="status"
      className="mb-5 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-center gap-2">
        <AlertTriangleIcon className="size-5 shrink-0" />
        {DESIGN_PAGE_TEXTS.refreshFailed}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying} loadingText="Try again">
        Try again
      </Button>
    </div>
  );
}
