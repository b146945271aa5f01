import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

interface ContactCtaProps {
  title: string;
  text: string;
  action?: string;
}

/** The closing call to action of the marketing pages. */
export function ContactCta({ title, text, action = 'Contact Us' }: ContactCtaProps) {
  return (
    <section aria-labelledby="contact-cta-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-navy-900 px-6 py-10 sm:px-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="contact-cta-heading" className="text-2xl font-bold text-white sm:text-3xl">
              {title}
            </h2>
            <p className="mt-3 max-w-2xl text-navy-100">{text}</p>
          </div>
          <Link to="/contact" className={buttonClasses('primary', 'lg', 'shrink-0')}>
            {action}
          </Link>
        </div>
      </div>
    </section>
  );
}
