import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { VERIFICATION_MESSAGES } from '@shop/contracts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { queryClient } from '../../../lib/query-client';
import { sessionKey, useCustomer } from '../../../lib/sessions';
import { verifyEmail } from '../api/accounts-api';
import { useLinkToken } from '../api/use-link-token';
import { AuthCard } from '../components/auth-card';
import { canTryAgain, LinkOutcome, linkFailureMessage } from '../components/link-outcome';
import { ResendVerificationButton } from '../components/resend-verification-button';

/** /verify-email?token=...: the link of the verification mail, in any browser, signed in or not. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const customer = useCustomer();
  const verification = useLinkToken(token, verifyEmail);
  const { isSuccess } = verification;

  // The banner of this browser's customer session goes with the account read again.
  useEffect(() => {
    if (isSuccess) void queryClient.invalidateQueries({ queryKey: sessionKey('customer') });
  }, [isSuccess]);

  const next = customer ? (
    <ButtonLink to="/user/design-status">{VERIFICATION_MESSAGES.goToDesigns}</ButtonLink>
  ) : (
    <ButtonLink to="/login">{VERIFICATION_MESSAGES.logIn}</ButtonLink>
  );

  if (!token)
    return (
      <AuthCard title={VERIFICATION_MESSAGES.verifyFailedTitle}>
        <LinkOutcome state="error" message={VERIFICATION_MESSAGES.linkMissing}>
          {next}
        </LinkOutcome>
      </AuthCard>
    );
  if (verification.isSuccess)
    return (
      <AuthCard title={VERIFICATION_MESSAGES.verifiedTitle}>
        <LinkOutcome state="success" message={verification.data.message}>
          {next}
        </LinkOutcome>
      </AuthCard>
    );
  if (verification.isError)
    return (
      <AuthCard title={VERIFICATION_MESSAGES.verifyFailedTitle}>
        <LinkOutcome state="error" message={linkFailureMessage(verification.error)}>
          {canTryAgain(verification.error) && (
            <Button variant="primary" onClick={verification.retry}>
              Try again
            </Button>
          )}
          {customer && !customer.email_verified ? <ResendVerificationButton variant="primary" /> : next}
        </LinkOutcome>
      </AuthCard>
    );
  return (
    <AuthCard title={VERIFICATION_MESSAGES.verifyTitle}>
      <LinkOutcome state="pending" message={VERIFICATION_MESSAGES.verifying} />
    </AuthCard>
  );
}
