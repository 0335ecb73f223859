import { Link } from 'react-router-dom';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { usePageHead } from '../../lib/page-head/use-page-head';
import { paths } from '../../lib/routes/paths';
import { LegalDocument } from './legal-document';
import type { LegalSection } from './legal-document';
import { legalFigures as f } from './legal-figures';
import { legalPageData } from './legal-page-data';

const description = `How Woodshed collects, uses, keeps and protects personal data, how long it is kept, and how to exercise your rights. Effective ${f.effectiveDateText}.`;

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        Woodshed is an online practice service for musicians, operated by a company based in Nevada, United States (“Woodshed”, “we”, “us”). We are responsible for
        the personal data described in this policy. You can reach us about it through the <Link to={paths.privacyRequests}>privacy request form</Link>.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>Your e-mail address, when you create an account or sign in. We do not use passwords.</li>
          <li>Your e-mail address, when you sign up for the newsletter.</li>
          <li>What you write in a privacy request: your e-mail address, the kind of request and its details.</li>
        </ul>
        <h3>Information created when you use Woodshed</h3>
        <ul>
          <li>Account records: your account number, when it was created, your sign-in requests and sessions, and your e-mail preferences.</li>
          <li>Practice activity: the songs you play, the amount of audio streamed to you (this is how credits are counted), your starred songs, saved presets and display settings such as chords and tutorials.</li>
          <li>Billing records: your plan, subscription status and billing dates, credit packs bought, and the customer reference our payment processor gives us. Card details go directly to the payment processor; we never see or store your card number.</li>
          <li>Technical data: your IP address and browser details in server logs, used to run and protect the service (for example, to limit how often sign-in e-mails can be requested).</li>
        </ul>
        <h3>Stored on your device</h3>
        <p>
          Woodshed keeps one session cookie to keep you signed in; it is essential and set only when you sign in. The app also stores a copy of your library, stars and
          presets in your browser’s storage so they load quickly and sync with your account, and remembers a few settings there (such as when you last dismissed the
          install banner). We use no advertising or third-party analytics cookies.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <ul>
        <li>To provide the service: sign you in, play songs, keep your stars and presets, and count the credits you use.</li>
        <li>To bill you for Pro subscriptions and credit packs, and to keep the records that tax and accounting law require.</li>
        <li>To keep Woodshed secure and working: preventing abuse of sign-in, investigating faults and restoring from backups.</li>
        <li>To send you service e-mails you cannot switch off (sign-in links and codes, account, security, billing, legal and privacy notices).</li>
        <li>To send announcements and the newsletter, which you can switch off at any time on the e-mail preferences page or with the link in each e-mail.</li>
        <li>To answer privacy requests and meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Legal bases (EU and UK)',
    body: (
      <p>
        Where the GDPR or the UK GDPR applies, we process your data to perform our contract with you (your account, playback, credits and billing), for our legitimate
        interests in running a secure and reliable service (security logs, abuse prevention, backups), with your consent (the newsletter, which you can withdraw at any
        time), and to comply with legal obligations (tax records, answering privacy requests).
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We do not sell your personal information and we do not share it for cross-context behavioural advertising. We share it only with service providers that process
          it for us under contract: cloud hosting, a database host, transactional e-mail, payment processing and audio storage. They are listed on our{' '}
          <Link to={paths.subprocessors}>subprocessors page</Link>.
        </p>
        <p>We may also disclose data when the law requires it, to protect the rights and safety of our users or others, or as part of a merger or sale of the business, in which case this policy continues to apply to it.</p>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: 'Where your data is processed',
    body: (
      <p>
        Woodshed and its service providers process data in the United States. Where you are in the EU, the EEA or the UK, we rely on appropriate safeguards for these
        transfers, such as the European Commission’s standard contractual clauses.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Your account e-mail address: for as long as your account exists, plus {f.accountEmailExtraDays} days.</li>
        <li>
          Technical logs: between {f.technicalLogDays.min} and {f.technicalLogDays.max} days, depending on the log.
        </li>
        <li>
          Your files and content (stars, presets and settings): for as long as your account exists, or until {f.userFilesAfterDeletionDays} days after we confirm a
          deletion request.
        </li>
        <li>Backups: up to {f.backupDays} days, after which they are overwritten.</li>
        <li>Billing records: for as long as tax and accounting law requires.</li>
        <li>Newsletter sign-ups: until you unsubscribe.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy of it;</li>
          <li>have it deleted;</li>
          <li>have it corrected;</li>
          <li>receive it in a portable format;</li>
          <li>restrict how we process it;</li>
          <li>withdraw consent you have given;</li>
          <li>appeal a decision we made about your request;</li>
          <li>opt out of the sale or sharing of personal information (California). We do not sell or share it, but you may still make the request.</li>
        </ul>
        <p>
          Make any of these requests through the <Link to={paths.privacyRequests}>privacy request form</Link>. We answer within {f.privacyAnswerDays} days. Where a request
          is complex or we receive many, we may extend this by another {f.privacyExtensionDays} days; we will tell you within the first {f.privacyAnswerDays} days if we do.
          We may need to confirm that the request comes from the owner of the account. We will not treat you differently for using your rights. You may also complain to
          your local data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Woodshed is not for children under {f.minimumAge}, and we do not knowingly collect personal data from them. If you are under the age of majority where you live,
        you may use Woodshed only with the consent of a parent or legal guardian. In the EU and the UK, where the age of digital consent is set by each country (up to{' '}
        {f.euUkConsentAgeUpTo}), a parent or guardian must consent for users below that age. If you believe a child under {f.minimumAge} has given us personal data,
        tell us through the privacy request form and we will delete it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Sign-in uses one-time links and codes that expire after 15 minutes, so there is no password to steal. Connections to Woodshed are encrypted (HTTPS), access to
        production systems is restricted, and signing out ends your session. No system is perfectly secure; if a breach affects your data, we will notify you as
        the law requires.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: <p>When we change this policy we update the effective date above. If a change is significant, we tell you by e-mail or in the app before it takes effect.</p>,
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        For anything about your personal data, use the <Link to={paths.privacyRequests}>privacy request form</Link>; for anything else, write to{' '}
        <SupportEmailLink />. The rules of the service itself are in our <Link to={paths.termsOfUse}>Terms of Use</Link>.
      </p>
    ),
  },
];

export function PrivacyPolicyScreen() {
  usePageHead(legalPageData('Privacy Policy', description, paths.privacyPolicy));
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data Woodshed collects when you use our website and app, why, how long we keep it, and the choices and rights you have.
        </p>
      }
      sections={sections}
    />
  );
}
