import type { DbOrTx } from '../db/connection';
import { pageMeta } from '../db/schema/seo';

/** Titles and descriptions of the public pages, as search engines and link previews show them. */
export const PAGE_META_ROWS: (typeof pageMeta.$inferInsert)[] = [
  {
    path: '',
    title: 'Cubicle Depot | Office Cubicles, Desks & Workspace Design',
    description:
      'New and pre-owned office cubicles, desks, chairs and storage, with free space planning, delivery and installation for offices of every size.',
    keywords: 'office cubicles, office furniture, pre-owned cubicles, workstations, office space design',
    image: '/images/og-default.jpg',
  },
  {
    path: 'how-it-works',
    title: 'How It Works | Cubicle Depot',
    description:
      'From floor plan to finished office in four steps: share your layout, get a design, approve your quote, and we deliver and install.',
    keywords: 'office design process, cubicle installation, floor plan, office layout',
    image: '/images/og-default.jpg',
  },
  {
    path: 'products',
    title: 'Inventory | Office Furniture In Stock | Cubicle Depot',
    description:
      'Browse cubicles, workstations, desks, ergonomic chairs, storage, conference tables and lounge seating, new and pre-owned, ready to ship.',
    keywords: 'office furniture inventory, cubicles for sale, office chairs, office desks, filing cabinets',
    image: '/images/og-default.jpg',
  },
  {
    path: 'services',
    title: 'Our Services | Office Space Design, Furniture, Installation | Cubicle Depot',
    description:
      'Office space design, new and pre-owned furniture, and professional delivery and installation by one team, on your schedule.',
    keywords: 'office space planning, furniture installation, office relocation, pre-owned office furniture',
    image: '/images/og-default.jpg',
  },
  {
    path: 'about-us',
    title: 'About Us | Cubicle Depot',
    description:
      'Twenty-five years of fitting out offices: 500+ happy clients and 1000+ projects across 50+ cities. Meet the team behind Cubicle Depot.',
    keywords: 'about cubicle depot, office furniture dealer, workspace design team',
    image: '/images/og-default.jpg',
  },
  {
    path: 'contact',
    title: 'Contact Us | Cubicle Depot',
    description:
      'Questions about a layout, a quote or a delivery? Call, e-mail or send us a message and a project manager will get back to you within one business day.',
    keywords: 'contact cubicle depot, office furniture quote, book a site visit',
    image: '/images/og-default.jpg',
  },
  {
    path: 'privacy-policy',
    title: 'Privacy Policy | Cubicle Depot',
    description:
      'How Cubicle Depot collects, uses, shares and protects the information you give us when you browse, submit a design or contact us.',
    keywords: 'privacy policy',
    image: null,
  },
  {
    path: 'terms',
    title: 'Terms of Service | Cubicle Depot',
    description:
      'The terms that apply when you use the Cubicle Depot website, submit designs and order office furniture and services.',
    keywords: 'terms of service, terms and conditions',
    image: null,
  },
];

/** Page meta rows of every public page; existing rows (edited later) are kept. */
export async function seedContent(db: DbOrTx): Promise<void> {
  await db.insert(pageMeta).values(PAGE_META_ROWS).onConflictDoNothing({ target: pageMeta.path });
}
