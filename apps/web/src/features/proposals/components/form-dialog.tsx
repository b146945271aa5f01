import { useId, useRef, type FormEventHandler, type ReactNode } from 'react';
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

/**
 * A dialog around one form of these screens: the form's fields, then Cancel and the form's submit button. Focus
 * goes to the first field on open (to the dialog's Close button while the form has none yet, as while it loads).
 */
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
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Dialog
      {...dialog}
      initialFocusWithin={formRef}
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
      <form ref={formRef} id={formId} onSubmit={onSubmit} noValidate className={formClassName}>
        {children}
      </form>
    </Dialog>
  );
}
