import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';

export const NEWSLETTER_OUTCOME = {
  confirmed: 'Your newsletter subscription is confirmed. Thank you!',
  invalid: 'This confirmation link is invalid or has already been used.',
} as const;

/** The newsletter confirmation link lands on /?newsletter=confirmed|invalid: say so once, then tidy the URL. */
export function useNewsletterOutcome(): void {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('newsletter');
  useEffect(() => {
    if (outcome !== 'confirmed' && outcome !== 'invalid') return;
    if (outcome === 'confirmed') toast.success(NEWSLETTER_OUTCOME.confirmed);
    else toast.warning(NEWSLETTER_OUTCOME.invalid);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('newsletter');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [outcome, setParams]);
}
