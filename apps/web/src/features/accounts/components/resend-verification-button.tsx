import { useMutation } from '@tanstack/react-query';
import { VERIFICATION_MESSAGES } from '@shop/contracts';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-error';
import { loadCustomerProfile } from '../../../lib/session-bootstrap';
import { toast } from '../../../lib/toast';
import { resendVerificationLink } from '../api/accounts-api';
import { linkFailureMessage } from './link-outcome';

/** Mails the signed-in customer's verification link again (the server limits how often). */
export function ResendVerificationButton({ variant = 'outline' }: { variant?: ButtonVariant }) {
  const resend = useMutation({
    mutationFn: resendVerificationLink,
    onSuccess: ({ message }) => toast.success(message),
    onError: (error) => {
      // Verified meanwhile (another tab): the banner goes with the fresh profile.
      if (isApiError(error) && error.status === 409) void loadCustomerProfile();
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
