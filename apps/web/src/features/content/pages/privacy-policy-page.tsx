import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    body: (
      <p>
        This policy explains what information we collect when you visit our website, create an account, submit
        a design or contact us, how we use it, and the choices you have. We collect only what we need to serve
        you.
      </p>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>
          Information you give us: your name, e-mail address, phone number, company, postal code, the floor
          plans and files you upload, your messages to us and your wishlist.
        </p>
        <p>
          Information collected automatically: basic technical data such as your browser, the pages you visit
          and your IP address, kept in server logs for security.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    body: (
      <p>
        We use your information to prepare designs and quotes, to answer your messages, to deliver and install
        your order, to send the newsletter you asked for, to keep your account secure, and to improve our
        website.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing Your Information',
    body: (
      <p>
        We do not sell your information. We share it only with the service providers who help us run the shop
        (hosting, e-mail delivery, delivery partners) under confidentiality obligations, or when the law
        requires it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Your password is stored only as a salted hash, sessions can be ended at any time, uploaded designs are
        private to you and our team, and our site is served over encrypted connections.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy. The date at the top shows the latest change; significant changes are
        announced by e-mail.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about your data? Write to us through our{' '}
        <Link to="/contact" className="font-semibold text-copper-700 hover:underline">
          contact page
        </Link>{' '}
        and we will answer within 30 days.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalPage kicker="Privacy Policy" title="Privacy Policy" updated="January 2026" sections={SECTIONS} />
  );
}
