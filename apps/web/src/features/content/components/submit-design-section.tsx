import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';

// The design questionnaire is its own chunk: the home page's first load stays small and the form
// arrives while the visitor reads the sections above it.
const DesignForm = lazy(() =>
  import('../../designs/components/design-form').then((m) => ({ default: m.DesignForm })),
);

/** The home page's Submit Your Design section (anchor #submit-design), with the multi-step design form. */
export function SubmitDesignSection() {
  return (
    <section id="submit-design" aria-labelledby="submit-design-heading" className="scroll-mt-24 bg-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-widest text-copper-700 uppercase">
            Free design proposal
          </p>
          <h2 id="submit-design-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Submit Your Design
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-slate-700">
            Upload your floor plan, or tell us about your team and the workspace you have in mind. A designer
            replies with a layout and a quote, usually within two business days.
          </p>
        </div>
        <div className="mt-10 min-h-[28rem]">
          <Suspense
            fallback={
              <div className="flex justify-center py-24">
                <Spinner className="size-8" label="Loading the design form…" />
              </div>
            }
          >
            <DesignForm variant="home" />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
