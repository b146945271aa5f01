import { useId, useState } from 'react';
import { ADMIN_MESSAGES, DESIGN_STATUSES, type AdminDesign, type DesignStatus } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/form-field';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { isApiError } from '../../../lib/api-error';
import { addDesignComment, changeDesignStatus, useInvalidateDesigns } from '../api/design-calls';
import { capitalize } from './design-status-badge';

/** The list's status change, through a select dialog. */
export function ChangeStatusDialog({ design, onClose }: { design: AdminDesign; onClose: () => void }) {
  const dialogs = useMessageDialogs();
  const invalidate = useInvalidateDesigns();
  const [status, setStatus] = useState<DesignStatus>(design.status);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function save() {
    if (busy) return;
    setBusy(true);
    try {
      await changeDesignStatus(design.id, status);
      onClose();
      void invalidate();
      await dialogs.alert({
        title: ADMIN_MESSAGES.designStatusUpdatedTitle,
        message: ADMIN_MESSAGES.designStatusUpdated,
        tone: 'success',
      });
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      await dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.designStatusFailed,
        tone: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Change Status"
      description={design.admin_title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            Update Status
          </Button>
        </>
      }
    >
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-navy-900">
        Status
      </label>
      <select
        id={id}
        value={status}
        onChange={(e) => setStatus(e.target.value as DesignStatus)}
        className={cx(inputClasses, 'border-slate-300')}
      >
        {DESIGN_STATUSES.map((s) => (
          <option key={s} value={s}>
            {capitalize(s)}
          </option>
        ))}
      </select>
    </Dialog>
  );
}

/** The list's comment action. */
export function AddCommentDialog({ design, onClose }: { design: AdminDesign; onClose: () => void }) {
  const dialogs = useMessageDialogs();
  const invalidate = useInvalidateDesigns();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function save() {
    if (busy) return;
    if (!comment.trim()) {
      setError('The comment field is required.');
      return;
    }
    setBusy(true);
    try {
      await addDesignComment(design.id, comment.trim());
      onClose();
      void invalidate();
      await dialogs.alert({
        title: ADMIN_MESSAGES.commentAddedTitle,
        message: ADMIN_MESSAGES.commentAdded,
        tone: 'success',
      });
    } catch (e) {
      if (isApiError(e) && e.status === 401) return;
      await dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.commentFailed,
        tone: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add Comment"
      description={design.admin_title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            Add Comment
          </Button>
        </>
      }
    >
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-navy-900">
        Comment
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={5000}
        value={comment}
        onChange={(e) => {
          setComment(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(inputClasses, error ? 'border-red-600' : 'border-slate-300')}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </Dialog>
  );
}
