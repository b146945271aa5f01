import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CUSTOMER_MESSAGES } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { deleteMyDesign, useInvalidateDesigns } from '../api/designs-api';

/** Deletes the customer's own design after a confirmation. */
export function DeleteDesignButton({ slug }: { slug: string }) {
  const dialogs = useMessageDialogs();
  const navigate = useNavigate();
  const invalidate = useInvalidateDesigns();
  const [busy, setBusy] = useState(false);

  async function onDelete() {
    if (busy) return;
    const confirmed = await dialogs.confirm({
      title: CUSTOMER_MESSAGES.designDeleteConfirm,
      confirmLabel: CUSTOMER_MESSAGES.designDeleteConfirmButton,
      destructive: true,
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await deleteMyDesign(slug);
      toast.success(CUSTOMER_MESSAGES.designDeleted);
      await invalidate();
      void navigate('/user/design-status');
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      // A design the shop has sent a proposal for stays: the server says why.
      toast.error(
        isApiError(error) && error.status === 409 ? error.message : CUSTOMER_MESSAGES.designDeleteFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="danger" onClick={() => void onDelete()} loading={busy}>
      Delete
    </Button>
  );
}
