import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Spinner } from '../../../components/ui/spinner';

const formLoading = (
  <div className="flex justify-center py-24">
    <Spinner className="size-8" label="Loading the design form…" />
  </div>
);

/**
 * The home page's Submit Your Design section (anchor #submit-design), with the multi-step design form (`form`, a
 * lazy component: rendered, and so fetched, only once the section comes near the screen).
 */
export function SubmitDesignSection({ form }: { form: ReactNode }) {
  const section = useRef<HTMLElement>(null);
  const near = useNearScreen(section);
  return (
    <section
      ref={section}
      id="submit-design"
      aria-labelledby="submit-design-heading"
      className="scroll-mt-24 bg-slate-50"
    >
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
        {/* As tall as the form's first step (644 px on a phone, 620 px from `sm`), so its arrival moves nothing
            below it: the footer stays where the reader was about to click. */}
        <div className="mt-10 min-h-[40.25rem] sm:min-h-[38.75rem]">
          <Suspense fallback={formLoading}>{near ? form : formLoading}</Suspense>
        </div>
      </div>
    </section>
  );
}

/**
 * True once the element is within a screen or so of the viewport (at once when it is, e.g. /#submit-design).
 * False on the first render, in the browser as on the server, so server-rendered markup hydrates unchanged.
 */
function useNearScreen(target: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      // Without IntersectionObserver (very old browsers) the form loads right after the first paint.
      const timer = setTimeout(() => setNear(true), 0);
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, target]);
  return near;
}
