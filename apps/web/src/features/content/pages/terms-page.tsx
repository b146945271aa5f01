import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../components/legal-page';

const link = 'font-semibold text-copper-700 hover:underline';

const SECTIONS: LegalSection[] = [
  {
    id: 'service-usage',
    title: 'Service Usage',
    body: (
      <p>
        You may browse our inventory, create an account, submit designs and contact us for your own business
        or personal needs. Quotes and designs we send you are for your project and may not be resold.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        How we handle your information is described in our{' '}
        <Link to="/privacy-policy" className={link}>
          Privacy Policy
        </Link>
        , which is part of these terms.
      </p>
    ),
  },
  {
    id: 'user-responsibilities',
    title: 'User Responsibilities',
    body: (
      <p>
        Keep your password safe, give accurate contact details, upload only files you have the right to share,
        and do not misuse the website or try to access other customers' data.
      </p>
    ),
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer of Warranties',
    body: (
      <p>
        Product photos and descriptions are as accurate as we can make them; colours and finishes may vary
        slightly. Pre-owned furniture may show light signs of use. The website is provided as is, without
        warranties beyond those required by law and those given in writing with your order.
      </p>
    ),
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        To the extent the law allows, we are not liable for indirect or consequential losses arising from the
        use of the website. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'changes-to-terms',
    title: 'Changes to Terms',
    body: <p>We may update these terms; the version on this page applies from the date shown at the top.</p>,
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Reach us through our{' '}
        <Link to="/contact" className={link}>
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      kicker="Terms & Conditions"
      title="Terms of Service"
      updated="January 2026"
      sections={SECTIONS}
    />
  );
}
