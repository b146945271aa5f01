import { useLocation, useSearchParams } from 'react-router';
import { VERIFICATION_MESSAGES } from '@shop/contracts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-error';
import { useCustomer } from '../../../lib/sessions';
import { claimDesign } from '../api/accounts-api';
import { withReturnPath } from '../../../lib/return-path';
import { useLinkToken } from '../api/use-link-token';
import { AuthCard } from '../components/auth-card';
import { canTryAgain, LinkOutcome, linkFailureMessage } from '../components/link-outcome';
import { ResendVerificationButton } from '../components/resend-verification-button';

/**
 * /claim-design?token=...: the link of a guest's 'design received' mail. It needs the signed-in customer whose
 * verified address the design was sent with; a visitor is asked to log in (or sign up) and comes back here.
 */
export default function ClaimDesignPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const customer = useCustomer();
  const claim = useLinkToken(token, claimDesign, customer !== null);
  const here = `${location.pathname}${location.search}`;

  if (!token)
    return (
      <AuthCard title={VERIFICATION_MESSAGES.claimFailedTitle}>
        <LinkOutcome state="error" message={VERIFICATION_MESSAGES.linkMissing} />
      </AuthCard>
    );
  if (!customer)
    return (
      <AuthCard title={VERIFICATION_MESSAGES.claimTitle}>
        <div className="space-y-5">
          <p className="text-sm text-slate-700">{VERIFICATION_MESSAGES.claimSignIn}</p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={withReturnPath('/login', here)}>{VERIFICATION_MESSAGES.logIn}</ButtonLink>
            <ButtonLink to={withReturnPath('/register', here)} variant="outline">
              {VERIFICATION_MESSAGES.createAccount}
            </ButtonLink>
          </div>
        </div>
      </AuthCard>
    );
  if (claim.isSuccess)
    return (
      <AuthCard title={VERIFICATION_MESSAGES.claimedTitle}>
        <LinkOutcome state="success" message={claim.data.message}>
          <ButtonLink to={`/user/design-status/${encodeURIComponent(claim.data.design.slug)}`}>
            {VERIFICATION_MESSAGES.viewDesign}
          </ButtonLink>
        </LinkOutcome>
      </AuthCard>
    );
  if (claim.isError) {
    const needsVerification =
      isApiError(claim.error) && claim.error.message === VERIFICATION_MESSAGES.claimNeedsVerifiedEmail;
    return (
      <AuthCard title={VERIFICATION_MESSAGES.claimFailedTitle}>
        <LinkOutcome state="error" message={linkFailureMessage(claim.error)}>
          {canTryAgain(claim.error) && (
            <Button variant="primary" onClick={claim.retry}>
              Try again
            </Button>
          )}
          {needsVerification ? (
            <ResendVerificationButton variant="primary" />
          ) : (
            <ButtonLink to="/user/design-status">{VERIFICATION_MESSAGES.goToDesigns}</ButtonLink>
          )}
        </LinkOutcome>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={VERIFICATION_MESSAGES.claimTitle}>
      <LinkOutcome state="pending" message={VERIFICATION_MESSAGES.claiming} />
    </AuthCard>
  );
}
