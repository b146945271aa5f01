import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { LayersIcon, RulerIcon, TruckIcon } from '../../../components/ui/icons';
import { PageHero } from '../components/page-hero';

const SERVICES = [
  {
    title: 'Office Space Design',
    Icon: RulerIcon,
    text: 'Space planning that fits your people, your workflow and your lease. We turn a floor plan into a layout with workstations, storage, meeting and quiet areas, and show it to you before anything is ordered.',
    points: [
      'Layouts from your floor plan or a free site survey',
      'Power, data and code-compliant walkways',
      'Finishes and panel heights to match your brand',
    ],
  },
  {
    title: 'New and Pre-Owned Furniture',
    Icon: LayersIcon,
    text: 'Cubicles, desks, seating, storage and conference furniture from leading makers, new or professionally refurbished with new fabric and worksurfaces, so your budget goes further.',
    points: [
      'Large stock ready to ship',
      'Refurbished systems inspected part by part',
      'Mix new and pre-owned in one project',
    ],
  },
  {
    title: 'Delivery and Installation',
    Icon: TruckIcon,
    text: 'Our own trained crews deliver, assemble and install on your schedule, including evenings and weekends, and leave the space clean and ready to work.',
    points: [
      'Scheduled around your business hours',
      'Reconfiguration and relocation of existing furniture',
      'Packaging taken away and recycled',
    ],
  },
];

export default function ServicesPage() {
  return (
    <>
      <PageHero kicker="Our Services" title="Everything your workspace needs, from one team">
        <p>Design, furniture and installation, planned together so they fit together.</p>
      </PageHero>
      <section aria-label="Services" className="bg-white">
        <ul className="mx-auto grid max-w-7xl gap-6 px-4 pb-16 sm:px-6 md:grid-cols-3 lg:px-8">
          {SERVICES.map(({ title, Icon, text, points }) => (
            <li
              key={title}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-navy-900 text-copper-300">
                <Icon className="size-6" />
              </span>
              <h2 className="mt-5 text-xl font-semibold">{title}</h2>
              <p className="mt-3 text-slate-700">{text}</p>
              <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
                {points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="services-cta" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h2 id="services-cta" className="text-3xl font-bold tracking-tight">
            Ready to plan your workspace?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-700">
            Tell us about your space and timing; a project manager will get back to you within one business
            day.
          </p>
          <Link to="/contact" className={buttonClasses('primary', 'lg', 'mt-8')}>
            Contact Us Today
          </Link>
        </div>
      </section>
    </>
  );
}
