import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_MESSAGES, type ProductMutationResponse } from '@shop/contracts';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { isApiError } from '../../../lib/api-error';
import { productsKey } from '../api/admin-products';
import type { ProductFormErrors } from './product-form';

/**
 * Saving the product form: 422 shows 'Please fix the errors.' (titled 'Validation Error') with the errors under
 * their fields; any other failure 'Something went wrong.'; success 'Success!' and back to the list.
 */
export function useProductSave(save: (form: FormData) => Promise<ProductMutationResponse>) {
  const dialogs = useMessageDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<ProductFormErrors>({});

  const mutation = useMutation({
    mutationFn: save,
    onMutate: () => setErrors({}),
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: productsKey });
      await navigate('/admin/products');
      void dialogs.alert({ title: ADMIN_MESSAGES.successTitle, message, tone: 'success' });
    },
    onError: (error) => {
      if (isApiError(error)) setErrors(error.firstErrors());
      if (isApiError(error) && error.status === 422) {
        void dialogs.alert({
          title: ADMIN_MESSAGES.validationTitle,
          message: ADMIN_MESSAGES.fixErrors,
          tone: 'error',
        });
      } else {
        void dialogs.alert({
          title: ADMIN_MESSAGES.errorTitle,
          message: ADMIN_MESSAGES.somethingWrong,
          tone: 'error',
        });
      }
    },
  });

  return {
    errors,
    busy: mutation.isPending,
    submit: (form: FormData) => {
      if (!mutation.isPending) mutation.mutate(form);
    },
  };
}
