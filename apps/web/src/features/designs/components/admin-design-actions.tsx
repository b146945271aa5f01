import { useId, type ReactNode } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import {
  ADMIN_MESSAGES,
  DESIGN_HISTORY_TEXTS,
  adminDesignCommentRequest,
  adminDesignStatusRequest,
  type AdminDesign,
  type DesignStatus,
} from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-field';
import { contractResolver } from '../../../components/ui/forms/contract-resolver';
import { useUnsavedChanges } from '../../../components/ui/forms/use-unsaved-changes';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { isApiError } from '../../../lib/api-error';
import { addDesignComment, changeDesignStatus, useInvalidateDesigns } from '../api/designs-api';
import { DesignStatusSelect } from './design-status-select';

interface DesignActionDialogProps<Values extends FieldValues> {
  design: AdminDesign;
  onClose: () => void;
  title: string;
  submitLabel: string;
  /** The dialog's form, checked by the route's schema. */
  form: UseFormReturn<Values>;
  /** Sends the change. */
  send: (values: Values) => Promise<unknown>;
  /** The success dialog's title and message. */
  done: { title: string; message: string };
  /** The error dialog's message. */
  failed: string;
  children: ReactNode;
}

/**
 * One action of the design list in a dialog with its form (react-hook-form, the route's schema): it closes once
 * the change is saved, refreshes the designs and says so; a failure is said in an error dialog (an expired
 * session has its own handling).
 */
function DesignActionDialog<Values extends FieldValues>({
  design,
  onClose,
  title,
  submitLabel,
  form,
  send,
  done,
  failed,
  children,
}: DesignActionDialogProps<Values>) {
  const dialogs = useMessageDialogs();
  const invalidate = useInvalidateDesigns();
  const formId = useId();
  const busy = form.formState.isSubmitting;
  // Something entered: closing the dialog or leaving the page asks first.
  const { confirmDiscard } = useUnsavedChanges(form.formState.isDirty && !busy);
  const cancel = async () => {
    if (await confirmDiscard()) onClose();
  };

  const save = form.handleSubmit(async (values) => {
    try {
      await send(values);
      onClose();
      void invalidate();
      await dialogs.alert({ ...done, tone: 'success' });
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      await dialogs.alert({ title: ADMIN_MESSAGES.errorTitle, message: failed, tone: 'error' });
    }
  });

  return (
    <Dialog
      open
      onClose={() => void cancel()}
      title={title}
      // The design's title is typed by the customer: a long word wraps inside the dialog.
      description={<span className="wrap-anywhere">{design.admin_title}</span>}
      footer={
        <>
          <Button variant="outline" onClick={() => void cancel()}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void save(event)}>
        {children}
      </form>
    </Dialog>
  );
}

const statusResolver = contractResolver<{ status: DesignStatus }>(adminDesignStatusRequest);
const commentResolver = contractResolver<{ comment: string }>(adminDesignCommentRequest);

/** The list's status change, through a select dialog. */
export function ChangeStatusDialog({ design, onClose }: { design: AdminDesign; onClose: () => void }) {
  const form = useForm<{ status: DesignStatus }>({
    resolver: statusResolver,
    defaultValues: { status: design.status },
  });
  return (
    <DesignActionDialog
      design={design}
      onClose={onClose}
      title="Change Status"
      submitLabel="Update Status"
      form={form}
      send={({ status }) => changeDesignStatus(design.id, status)}
      done={{
        title: ADMIN_MESSAGES.designStatusUpdatedTitle,
        message: ADMIN_MESSAGES.designStatusUpdated,
      }}
      failed={ADMIN_MESSAGES.designStatusFailed}
    >
      <DesignStatusSelect error={form.formState.errors.status?.message} {...form.register('status')} />
    </DesignActionDialog>
  );
}

/** The list's comment action. */
export function AddCommentDialog({ design, onClose }: { design: AdminDesign; onClose: () => void }) {
  const form = useForm<{ comment: string }>({ resolver: commentResolver, defaultValues: { comment: '' } });
  return (
    <DesignActionDialog
      design={design}
      onClose={onClose}
      title="Add Comment"
      submitLabel="Add Comment"
      form={form}
      send={({ comment }) => addDesignComment(design.id, comment.trim())}
      done={{ title: ADMIN_MESSAGES.commentAddedTitle, message: ADMIN_MESSAGES.commentAdded }}
      failed={ADMIN_MESSAGES.commentFailed}
    >
      {design.comments && (
        <div className="mb-4 rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {DESIGN_HISTORY_TEXTS.latestComment}
          </p>
          <p className="mt-1 line-clamp-4 whitespace-pre-line text-navy-900 wrap-anywhere">
            {design.comments}
          </p>
        </div>
      )}
      <TextAreaField
        hint={DESIGN_HISTORY_TEXTS.addCommentHint}
        label="Comment"
        required
        rows={4}
        maxLength={5000}
        error={form.formState.errors.comment?.message}
        {...form.register('comment')}
      />
    </DesignActionDialog>
  );
}
