import { useMutation } from '@tanstack/react-query';
import { VERIFICATION_MESSAGES } from '@shop/contracts';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-error';
import { queryClient } from '../../../lib/query-client';
import { sessionKey } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { resendVerificationLink } from '../api/accounts-api';
import { linkFailureMessage } from './link-outcome';

/** Mails the signed-in customer's verification link again (the server limits how often). */
export function ResendVerificationButton({ variant = 'outline' }: { variant?: ButtonVariant }) {
  const resend = useMutation({
    mutationFn: resendVerificationLink,
    onSuccess: ({ message }) => toast.success(message),
    onError: (error) => {
      // Verified meanwhile (another tab, another device): the banner goes with the account read again.
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: sessionKey('customer') });
      toast.error(linkFailureMessage(error));
    },
  });
  return (
    <Button
      type="button"
      size="sm"
      variant={variant}
      loading={resend.isPending}
      loadingText={VERIFICATION_MESSAGES.resending}
      onClick={() => resend.mutate()}
    >
      {VERIFICATION_MESSAGES.resend}
    </Button>
  );
}
