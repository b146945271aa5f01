import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CUSTOMER_MESSAGES, contactRequest, type ContactRequest } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { contractResolver } from '../../../components/ui/forms/contract-resolver';
import { showFieldErrors } from '../../../components/ui/forms/field-errors';
import { MailIcon } from '../../../components/ui/icons';
import { ApiError } from '../../../lib/api-error';
import { sendContactMessage } from '../api/content-api';
import { PageHero } from '../components/page-hero';

const EMPTY: ContactRequest = { firstName: '', lastName: '', email: '', phone: '', message: '' };

const DETAILS = [
  { label: 'E-mail', value: 'sales@cubicledepot.com', href: 'mailto:sales@cubicledepot.com' },
  { label: 'Phone', value: '+1 (555) 010-4400', href: 'tel:+15550104400' },
  { label: 'Office', value: '1200 Commerce Park Drive, Suite 300, Columbus, OH 43215' },
];
const SOCIAL = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
];

const resolver = contractResolver<ContactRequest>(contactRequest);

/** The failure text of the spec: the server's message when it gave one. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.message || CUSTOMER_MESSAGES.contactSubmitFailed;
  return CUSTOMER_MESSAGES.contactFailed;
}

export default function ContactPage() {
  const { register, handleSubmit, reset, setError, formState } = useForm<ContactRequest>({
    resolver,
    defaultValues: EMPTY,
  });
  const errors = formState.errors;
  const [success, setSuccess] = useState<string | null>(null);
  const send = useMutation({ mutationFn: sendContactMessage });
  const thanks = useRef<HTMLParagraphElement>(null);
  const failure = useRef<HTMLDivElement>(null);

  // The outcome shows above the form, out of view of the button that was pressed: it is brought into view. The
  // thanks also takes focus, so a screen reader reads it (and the next Tab continues in the form); a failure is an
  // alert, read as it appears.
  useEffect(() => {
    if (success) {
      thanks.current?.focus({ preventScroll: true });
      thanks.current?.scrollIntoView({ block: 'center' });
    }
  }, [success]);
  useEffect(() => {
    if (send.isError) failure.current?.scrollIntoView({ block: 'center' });
  }, [send.isError]);

  const submit = handleSubmit((values) => {
    if (send.isPending) return;
    setSuccess(null);
    send.mutate(values, {
      onSuccess: (answer) => {
        setSuccess(answer.message);
        reset(EMPTY);
      },
      onError: (error) => {
        if (error instanceof ApiError) showFieldErrors(error, setError);
      },
    });
  });

  return (
    <>
      <PageHero kicker="Contact" title="Let's talk about your workspace">
        <p>Questions about a layout, a quote or a delivery? We answer within one business day.</p>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-20 sm:px-6 md:grid-cols-[1fr_1.4fr] lg:px-8">
        <section aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-2xl font-bold tracking-tight">
            Contact details
          </h2>
          <dl className="mt-6 space-y-5">
            {DETAILS.map((d) => (
              <div key={d.label}>
                <dt className="text-sm font-semibold text-slate-600">{d.label}</dt>
                <dd className="mt-1 text-navy-900">
                  {d.href ? (
                    <a href={d.href} className="font-medium hover:text-copper-700 hover:underline">
                      {d.value}
                    </a>
                  ) : (
                    d.value
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-8 text-sm font-semibold text-slate-600">Follow us</h3>
          <ul className="mt-2 flex gap-4">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-navy-800 hover:text-copper-700 hover:underline"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="form-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="form-heading" className="text-2xl font-bold tracking-tight">
            Send us a message
          </h2>
          {send.isError && (
            <div
              ref={failure}
              role="alert"
              className="mt-5 scroll-mt-24 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
              data-testid="contact-error"
            >
              {failureText(send.error)}
            </div>
          )}
          {/* A live region from the start: a region that appears with its text is not always read. */}
          <div role="status">
            {success && (
              <p
                ref={thanks}
                tabIndex={-1}
                className="mt-5 scroll-mt-24 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800"
              >
                {success}
              </p>
            )}
          </div>
          <form
            onSubmit={(event) => void submit(event)}
            className="mt-6 grid gap-5 sm:grid-cols-2"
            noValidate
          >
            <TextField
              label="First Name"
              autoComplete="given-name"
              required
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label="Last Name"
              autoComplete="family-name"
              required
              error={errors.lastName?.message}
              {...register('lastName')}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              required
              error={errors.phone?.message}
              {...register('phone')}
            />
            <TextAreaField
              label="Message"
              required
              rows={6}
              containerClassName="sm:col-span-2"
              error={errors.message?.message}
              {...register('message')}
            />
            <div className="sm:col-span-2">
              <Button type="submit" size="lg" loading={send.isPending} loadingText="Submitting...">
                <MailIcon className="size-5" />
                Send Message
              </Button>
            </div>
          </form>
        </section>
      </div>
    </>
  );
}
