import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { ContactCta } from '../components/contact-cta';
import { PageHero } from '../components/page-hero';
import { VideoOverlay } from '../components/video-overlay';

const STEPS = [
  {
    number: '01',
    title: 'Share your floor plan',
    text: 'Send us a drawing, a PDF from your landlord or a photo of a hand sketch, with the number of people to seat. No plan? Answer a few questions and we will measure on site.',
  },
  {
    number: '02',
    title: 'We design your space',
    text: 'A designer lays out workstations, storage and meeting areas around walkways, power and daylight, and sends you the plan with an itemised quote.',
  },
  {
    number: '03',
    title: 'Approve and schedule',
    text: 'Adjust finishes, panel heights or the mix of new and pre-owned furniture until it fits your budget, then choose a delivery date that suits you.',
  },
  {
    number: '04',
    title: 'Delivery and installation',
    text: 'Our own crews deliver, assemble and install, connect power and data, and take the packaging away. You move in the next morning.',
  },
];

export default function HowItWorksPage() {
  const [videoOpen, setVideoOpen] = useState(false);
  return (
    <>
      <PageHero kicker="How It Works" title="From floor plan to finished office in four steps">
        <p>One team plans, supplies and installs your workspace, so you always know who to call.</p>
      </PageHero>

      <section aria-labelledby="video-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 pb-12 sm:px-6 lg:px-8">
          <h2 id="video-heading" className="sr-only">
            Video
          </h2>
          <div className="relative flex aspect-video max-h-[28rem] w-full items-center justify-center overflow-hidden rounded-3xl bg-linear-to-br from-navy-950 to-navy-700">
            <p className="absolute top-6 left-6 text-sm font-semibold tracking-widest text-copper-300 uppercase">
              Watch the overview
            </p>
            <button
              type="button"
              onClick={() => setVideoOpen(true)}
              aria-label="Play video"
              className="flex size-20 items-center justify-center rounded-full bg-copper-600 text-white shadow-xl transition-transform hover:scale-105 focus-visible:outline-white"
            >
              <svg viewBox="0 0 24 24" className="ml-1 size-9" fill="currentColor" aria-hidden="true">
                <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.29-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
              </svg>
            </button>
          </div>
        </div>
      </section>
      <VideoOverlay open={videoOpen} onClose={() => setVideoOpen(false)} />

      <section aria-labelledby="steps-heading" className="border-y border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="steps-heading" className="text-3xl font-bold tracking-tight">
            The four steps
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step) => (
              <li key={step.number} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="text-4xl font-bold text-copper-600" aria-hidden="true">
                  {step.number}
                </span>
                <h3 className="mt-3 text-lg font-semibold">
                  <span className="sr-only">Step {step.number}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-10">
            <Link to="/#submit-design" className={buttonClasses('primary', 'lg')}>
              Submit Your Design
            </Link>
          </div>
        </div>
      </section>

      <ContactCta
        title="Questions about your project?"
        text="Talk to a project manager about your space, budget and timing."
      />
    </>
  );
}
