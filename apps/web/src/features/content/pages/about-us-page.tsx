import { Link } from 'react-router';
import { ABOUT_STATS } from '@shop/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { PageHero } from '../components/page-hero';

const TEAM = [
  {
    name: 'Margaret Ellison',
    role: 'CEO & Founder',
    bio: 'Started the company refurbishing cubicles in a rented warehouse in 2001.',
  },
  {
    name: 'David Okafor',
    role: 'VP of Sales',
    bio: 'Helps companies of every size find the right mix of new and pre-owned.',
  },
  {
    name: 'Lucia Moreno',
    role: 'Project Manager',
    bio: 'Keeps deliveries, crews and landlords in step, on time and on budget.',
  },
  {
    name: 'Ethan Park',
    role: 'Design Director',
    bio: 'Leads the designers who turn floor plans into workspaces people like.',
  },
];

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

export default function AboutUsPage() {
  return (
    <>
      <PageHero kicker="About Us" title="We build workspaces people want to come back to">
        <p>A family of designers, installers and furniture people, fitting out offices since 2001.</p>
      </PageHero>

      <section aria-labelledby="story-heading" className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-16 sm:px-6 md:grid-cols-2 lg:px-8">
          <div>
            <h2 id="story-heading" className="text-2xl font-bold tracking-tight">
              Our Story
            </h2>
            <div className="mt-4 space-y-4 leading-7 text-slate-700">
              <p>
                We began with a simple idea: good office furniture is built to last decades, so it deserves
                more than one life. Our first crew refurbished pre-owned cubicles for local start-ups that
                could not afford new ones.
              </p>
              <p>
                Clients soon asked us to plan their whole floor, then to supply new furniture alongside
                refurbished systems. Today our designers, project managers and installation crews handle every
                step, from the first sketch to the last cable tray.
              </p>
            </div>
          </div>
          <div>
            <h2 className="text-2xl font-bold tracking-tight">Our Vision</h2>
            <p className="mt-4 leading-7 text-slate-700">
              Workspaces that fit the way teams really work, that any business can afford, and that waste
              less: every refurbished workstation is one less in a landfill.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/#submit-design" className={buttonClasses('primary', 'lg')}>
                Get Started
              </Link>
              <Link to="/contact" className={buttonClasses('outline', 'lg')}>
                Contact
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="stats-heading" className="bg-navy-900">
        <h2 id="stats-heading" className="sr-only">
          In numbers
        </h2>
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-14 text-center sm:px-6 md:grid-cols-4 lg:px-8">
          {ABOUT_STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-2 text-navy-100">{stat.label}</dt>
              <dd className="text-4xl font-bold text-copper-300">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="team-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="team-heading" className="text-3xl font-bold tracking-tight">
            Meet the Team
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {TEAM.map((member) => (
              <li key={member.role} className="rounded-2xl border border-slate-200 p-6 text-center shadow-sm">
                <span
                  aria-hidden="true"
                  className="mx-auto flex size-20 items-center justify-center rounded-full bg-copper-100 text-2xl font-bold text-copper-800"
                >
                  {initials(member.name)}
                </span>
                <h3 className="mt-4 text-lg font-semibold">{member.name}</h3>
                <p className="text-sm font-semibold text-copper-700">{member.role}</p>
                <p className="mt-3 text-sm text-slate-700">{member.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
