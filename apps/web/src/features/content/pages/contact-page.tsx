import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CUSTOMER_MESSAGES, type ContactRequest } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { TextField, inputClasses } from '../../../components/ui/form-field';
import { MailIcon } from '../../../components/ui/icons';
import { ApiError } from '../../../lib/api-error';
import { sendContactMessage } from '../api/contact-api';
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

/** The failure text of the spec: the server's message when it gave one. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.message || CUSTOMER_MESSAGES.contactSubmitFailed;
  return CUSTOMER_MESSAGES.contactFailed;
}

export default function ContactPage() {
  const [values, setValues] = useState<ContactRequest>(EMPTY);
  const [success, setSuccess] = useState<string | null>(null);
  const send = useMutation({ mutationFn: sendContactMessage });
  const fieldErrors = send.error instanceof ApiError ? send.error.errors : {};

  const set = (field: keyof ContactRequest) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    setSuccess(null);
    send.mutate(values, {
      onSuccess: (answer) => {
        setSuccess(answer.message);
        setValues(EMPTY);
      },
      onError: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
    });
  };

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
              role="alert"
              className="mt-5 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
              data-testid="contact-error"
            >
              {failureText(send.error)}
            </div>
          )}
          {success && (
            <div
              role="status"
              className="mt-5 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800"
            >
              {success}
            </div>
          )}
          <form onSubmit={submit} className="mt-6 grid gap-5 sm:grid-cols-2" noValidate={false}>
            <TextField
              label="First Name"
              name="firstName"
              autoComplete="given-name"
              required
              value={values.firstName}
              onChange={(e) => set('firstName')(e.target.value)}
              error={fieldErrors.firstName?.[0]}
            />
            <TextField
              label="Last Name"
              name="lastName"
              autoComplete="family-name"
              required
              value={values.lastName}
              onChange={(e) => set('lastName')(e.target.value)}
              error={fieldErrors.lastName?.[0]}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={(e) => set('email')(e.target.value)}
              error={fieldErrors.email?.[0]}
            />
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              value={values.phone}
              onChange={(e) => set('phone')(e.target.value)}
              error={fieldErrors.phone?.[0]}
            />
            <div className="sm:col-span-2">
              <label htmlFor="contact-message" className="mb-1.5 block text-sm font-medium text-navy-900">
                Message
                <span className="text-red-700" aria-hidden="true">
                  {' '}
                  *
                </span>
              </label>
              <textarea
                id="contact-message"
                name="message"
                required
                rows={6}
                value={values.message}
                onChange={(e) => set('message')(e.target.value)}
                aria-invalid={fieldErrors.message ? true : undefined}
                aria-describedby={fieldErrors.message ? 'contact-message-error' : undefined}
                className={cx(inputClasses, fieldErrors.message ? 'border-red-600' : 'border-slate-300')}
              />
              {fieldErrors.message && (
                <p id="contact-message-error" className="mt-1.5 text-sm text-red-700">
                  {fieldErrors.message[0]}
                </p>
              )}
            </div>
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
