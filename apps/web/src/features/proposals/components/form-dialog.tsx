import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, type DialogProps } from '../../../components/ui/dialog';

interface FormDialogProps extends Pick<
  DialogProps,
  'open' | 'onClose' | 'title' | 'description' | 'size' | 'returnFocusTo'
> {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitVariant?: 'primary' | 'danger';
  loading?: boolean;
  disabled?: boolean;
  cancelLabel?: string;
  formClassName?: string;
  children: ReactNode;
}

/** A dialog around one form of these screens: the form's fields, then Cancel and the form's submit button. */
export function FormDialog({
  onSubmit,
  submitLabel,
  submitVariant = 'primary',
  loading,
  disabled,
  cancelLabel = 'Cancel',
  formClassName,
  children,
  ...dialog
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      {...dialog}
      footer={
        <>
          <Button variant="outline" onClick={dialog.onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={loading} disabled={disabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className={formClassName}>
        {children}
      </form>
    </Dialog>
  );
}
