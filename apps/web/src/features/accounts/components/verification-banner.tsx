import { VERIFICATION_MESSAGES } from '@shop/contracts';
import { useCustomer } from '../../../lib/sessions';
import { ResendVerificationButton } from './resend-verification-button';

/** The customer area's reminder, until the account's e-mail address is verified. */
export function VerificationBanner() {
  const customer = useCustomer();
  if (!customer || customer.email_verified) return null;
  return (
    <section
      aria-label={VERIFICATION_MESSAGES.bannerRegion}
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 className="text-sm font-semibold text-amber-950">{VERIFICATION_MESSAGES.bannerTitle}</h2>
        <p className="mt-1 text-sm text-amber-900">{VERIFICATION_MESSAGES.banner(customer.email)}</p>
      </div>
      <ResendVerificationButton />
    </section>
  );
}
