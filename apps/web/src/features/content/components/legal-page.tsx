import type { ReactNode } from 'react';
import { PageHero } from './page-hero';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A policy page: a contents list and numbered sections. */
export function LegalPage({
  kicker,
  title,
  updated,
  sections,
}: {
  kicker: string;
  title: string;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHero kicker={kicker} title={title}>
        <p className="text-base">Last updated {updated}</p>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-20 sm:px-6 md:grid-cols-[14rem_1fr] lg:px-8">
        <nav aria-label="On this page" className="md:sticky md:top-24 md:self-start">
          <ol className="space-y-2 text-sm">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-navy-700 hover:text-copper-700 hover:underline">
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-24">
              <h2 id={`${s.id}-heading`} className="text-2xl font-bold tracking-tight">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-3 space-y-3 leading-7 text-slate-700">{s.body}</div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
