import type { ReactNode } from 'react';

/** The title band at the top of the informational pages. */
export function PageHero({
  kicker,
  title,
  children,
}: {
  kicker: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-linear-to-b from-copper-50 via-white to-white">
      <div className="mx-auto max-w-7xl px-4 pt-12 pb-10 sm:px-6 lg:px-8 lg:pt-16">
        <p className="text-sm font-semibold tracking-widest text-copper-700 uppercase">{kicker}</p>
        <h1 className="mt-3 max-w-3xl text-4xl leading-tight font-bold tracking-tight sm:text-5xl">
          {title}
        </h1>
        {children && <div className="mt-5 max-w-2xl text-lg leading-8 text-slate-700">{children}</div>}
      </div>
    </section>
  );
}
