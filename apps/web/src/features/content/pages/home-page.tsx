import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import {
  ArrowRightIcon,
  CheckCircleIcon,
  ClipboardIcon,
  RulerIcon,
  SparkIcon,
  TruckIcon,
  UploadIcon,
} from '../../../components/ui/icons';
import { ContactCta } from '../components/contact-cta';
import { SubmitDesignSection } from '../components/submit-design-section';
import { useHashScroll } from '../components/use-hash-scroll';
import { useNewsletterOutcome } from '../components/use-newsletter-outcome';
import { WorkspaceIllustration } from '../components/workspace-illustration';

const PROCESS = [
  {
    step: 1,
    title: 'Submit Your Floor Plan',
    text: 'Upload a drawing, a sketch or a photo of your space, or simply tell us how many people you need to seat.',
    Icon: UploadIcon,
    action: 'Submit Floor Plan',
  },
  {
    step: 2,
    title: 'Design Your Space',
    text: 'Our designers plan cubicles, desks and storage around your team and send you a layout with a clear quote.',
    Icon: RulerIcon,
    action: 'Start Designing',
  },
  {
    step: 3,
    title: 'Schedule Delivery & Installation',
    text: 'Pick a date that suits you. Our own crews deliver, assemble and install, and take the packaging away.',
    Icon: TruckIcon,
    action: 'Get Started',
  },
];

const WHY = [
  {
    title: 'Easy',
    text: 'One team from the first sketch to the last screw: no juggling of designers, dealers and installers.',
    Icon: CheckCircleIcon,
  },
  {
    title: 'Fast',
    text: 'Layouts within days and large stock of new and pre-owned furniture ready to ship, not months of lead time.',
    Icon: SparkIcon,
  },
  {
    title: 'Transparent',
    text: 'Itemised quotes, the status of your design in your account, and no surprises on delivery day.',
    Icon: ClipboardIcon,
  },
];

/** The home page; `designForm` is the design questionnaire of its Submit Your Design section (given by the app). */
export default function HomePage({ designForm }: { designForm: ReactNode }) {
  useHashScroll();
  useNewsletterOutcome();
  return (
    <>
      <section className="relative overflow-hidden bg-linear-to-b from-copper-50 via-white to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-10 pb-16 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-16 lg:pb-24">
          <div>
            <p className="text-sm font-semibold tracking-widest text-copper-700 uppercase">
              Office cubicles &amp; workspace furniture
            </p>
            <h1 className="mt-4 text-4xl leading-tight font-bold tracking-tight sm:text-5xl">
              Workspaces planned around your team, delivered and installed.
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-slate-700">
              Browse new and pre-owned cubicles, desks and seating, or send us your floor plan: our designers
              turn it into a layout that fits your people and your budget.
            </p>
            {/* Side by side while both fit on one line each, else one under the other (never a label on two lines). */}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Link to="/products" className={buttonClasses('primary', 'lg')}>
                Browse Inventory
                <ArrowRightIcon className="size-5" />
              </Link>
              <Link to="/#submit-design" className={buttonClasses('outline', 'lg')}>
                Submit Your Design
              </Link>
            </div>
          </div>
          <WorkspaceIllustration className="mx-auto w-full max-w-lg drop-shadow-xl" />
        </div>
      </section>

      <section aria-labelledby="about-heading" className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 lg:px-8 lg:py-20">
          <div>
            <p className="text-sm font-semibold tracking-widest text-copper-700 uppercase">About Us</p>
            <h2 id="about-heading" className="mt-2 text-3xl font-bold tracking-tight">
              Twenty-five years of fitting out offices
            </h2>
          </div>
          <div className="space-y-4 text-slate-700">
            <p>
              We started as a small crew refurbishing pre-owned cubicles. Today we design, supply and install
              complete workspaces for start-ups, schools, clinics and headquarters, with new furniture from
              leading makers and carefully refurbished systems at a fraction of the price.
            </p>
            <Link
              to="/about-us"
              className="inline-flex items-center gap-1 font-semibold text-copper-700 hover:underline"
            >
              More about us
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="process-heading" className="border-y border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
          <p className="text-sm font-semibold tracking-widest text-copper-700 uppercase">Our Process</p>
          <h2 id="process-heading" className="mt-2 text-3xl font-bold tracking-tight">
            Our Process
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {PROCESS.map(({ step, title, text, Icon, action }) => (
              <li
                key={step}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <div className="flex items-center gap-3">
                  <span className="flex size-12 items-center justify-center rounded-xl bg-navy-900 text-copper-300">
                    <Icon className="size-6" />
                  </span>
                  <span className="text-sm font-semibold text-slate-600">Step {step}</span>
                </div>
                <h3 className="mt-5 text-lg font-semibold">{title}</h3>
                <p className="mt-2 flex-1 text-slate-700">{text}</p>
                <div className="mt-6 flex flex-wrap gap-3">
                  <Link to="/#submit-design" className={buttonClasses('secondary', 'md')}>
                    {action}
                  </Link>
                  {step === 1 && (
                    <Link to="/site-visit" className={buttonClasses('outline', 'md')}>
                      Book a Site Visit
                    </Link>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
          <h2 id="why-heading" className="text-3xl font-bold tracking-tight">
            Why Choose Us
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {WHY.map(({ title, text, Icon }) => (
              <li key={title} className="rounded-2xl bg-copper-50 p-6">
                <Icon className="size-8 text-copper-700" />
                <h3 className="mt-4 text-xl font-semibold">{title}</h3>
                <p className="mt-2 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <ContactCta
        title="Have a project in mind?"
        text="Tell us about your space and your team. We answer within one business day, and site visits are free."
        action="Contact Us"
      />

      <SubmitDesignSection form={designForm} />
    </>
  );
}
