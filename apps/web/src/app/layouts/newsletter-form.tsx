import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MessageResponse, NewsletterRequest } from '@shop/contracts';
import { CUSTOMER_LABELS } from '@shop/contracts';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/**
 * The footer's newsletter box: POST /api/newsletter; failures get the API client's global messages. It is on the
 * home page, whose first load carries neither react-hook-form nor zod: the browser's own validation checks the
 * address with the constraints of the route's `emailField` (required, an e-mail, at most 254 characters), and the
 * route's schema has the last word.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const subscribe = useMutation({
    mutationFn: (body: NewsletterRequest) => api.post<MessageResponse>('/api/newsletter', body),
    onSuccess: ({ message }) => {
      toast.success(message);
      setEmail('');
    },
  });

  // The route's refusal of the address (422), said under the field and tied to it until the next attempt.
  const refused = (subscribe.error as { errors?: Record<string, string[]> } | null)?.errors?.email?.[0];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!subscribe.isPending) subscribe.mutate({ email });
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <input
        id="newsletter-email"
        type="email"
        name="email"
        autoComplete="email"
        required
        maxLength={254}
        placeholder="you@company.com"
        value={email}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? 'newsletter-error' : undefined}
        onChange={(event) => setEmail(event.target.value)}
        // Its own look, light on the footer's dark ground (the form fields' inputClasses are dark on white).
        className="block w-full rounded-lg border border-navy-700 bg-navy-900 px-3.5 py-2.5 text-sm text-white shadow-sm placeholder:text-navy-300 focus:border-copper-500 focus:ring-2 focus:ring-copper-500/40 focus:outline-none sm:flex-1"
      />
      <Button type="submit" loading={subscribe.isPending} className="shrink-0">
        {CUSTOMER_LABELS.subscribe}
      </Button>
      {refused && (
        <p id="newsletter-error" className="text-sm text-red-300 sm:basis-full">
          {refused}
        </p>
      )}
    </form>
  );
}
