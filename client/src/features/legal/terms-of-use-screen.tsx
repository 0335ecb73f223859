import { Link } from 'react-router-dom';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { usePageHead } from '../../lib/page-head/use-page-head';
import { paths } from '../../lib/routes/paths';
import { LegalDocument } from './legal-document';
import type { LegalSection } from './legal-document';
import { legalFigures as f } from './legal-figures';
import { legalPageData } from './legal-page-data';

const description = `The agreement between you and Woodshed: accounts, credits and Pro subscriptions, acceptable use, liability and arbitration. Effective ${f.effectiveDateText}.`;

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'The agreement',
    body: (
      <p>
        These Terms of Use are an agreement between you and the company based in Nevada, United States, that operates Woodshed (“Woodshed”, “we”, “us”). By creating
        an account or using Woodshed you accept them. Our <Link to={paths.privacyPolicy}>Privacy Policy</Link> explains how we handle personal data.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use Woodshed',
    body: (
      <p>
        You must be at least {f.minimumAge} years old. If you are under the age of majority where you live, a parent or legal guardian must agree to these terms for you
        and supervise your use. In the EU and the UK, users below their country’s age of digital consent (up to {f.euUkConsentAgeUpTo}) need a parent’s or guardian’s
        consent.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <p>
        You sign in with a link or a 6-digit code sent to your e-mail address. Keep access to that mailbox secure: anyone who can read it can sign in as you. One account
        is for one person; do not share it. Tell us through the <Link to={paths.privacyRequests}>privacy request form</Link> if you believe your account has been misused.
      </p>
    ),
  },
  {
    id: 'the-service',
    title: 'The service and your licence',
    body: (
      <>
        <p>
          Woodshed streams songs as separate instrument stems for you to practise with. We grant you a personal, non-exclusive, non-transferable licence to stream them in
          the app for your own practice, study and private performance at home.
        </p>
        <p>
          The songs, stems, lyrics and chord charts are protected by copyright and are licensed, not sold. You may not download, copy, record, redistribute, sell,
          broadcast or publicly perform them, or use them to train or build other services, except as the law expressly allows.
        </p>
      </>
    ),
  },
  {
    id: 'credits-and-plans',
    title: 'Credits, Pro and payment',
    body: (
      <ul>
        <li>Streaming uses credits. One credit is 10 MB (10,485,760 bytes) of audio delivered to you.</li>
        <li>Free accounts receive 200 credits each calendar month (about 2 GB), reset on the 1st. Unused free credits do not carry over.</li>
        <li>Credit packs cost $5 for 100 credits, are used after your monthly free credits, never expire and have no cash value.</li>
        <li>
          Pro costs $15 per month or $160 per year and gives unlimited streaming while the subscription is active. <strong>Subscriptions renew automatically</strong>{' '}
          at the end of each period at the then-current price until you cancel.
        </li>
        <li>You can cancel at any time on the Membership page. Cancelling stops the next renewal; you keep Pro until the end of the period already paid for.</li>
        <li>Payments are handled by our payment processor. Prices are in US dollars and may include taxes where required. We will tell you in advance of any price change to your subscription.</li>
        <li>Except where the law requires otherwise, payments are non-refundable.</li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>capture, rip or save the audio streams, or get around the credit system or any technical limit;</li>
          <li>access Woodshed by automated means, or put an unreasonable load on it;</li>
          <li>probe, scan or break its security, or access other users’ accounts or data;</li>
          <li>use Woodshed in breach of any law or of anyone else’s rights.</li>
        </ul>
        <p>We may suspend or close accounts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Changes and availability',
    body: (
      <p>
        We keep improving Woodshed, so features and the song library may change, and songs may be added or removed as licences allow. We aim to keep the service
        available but do not promise that it will be uninterrupted or error-free. We may pause purchasing or parts of the service for maintenance or security.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Ending the agreement',
    body: (
      <p>
        You may stop using Woodshed at any time and ask us to delete your account through the <Link to={paths.privacyRequests}>privacy request form</Link>. We may end
        or suspend your access if you break these terms, or stop offering Woodshed with reasonable notice. Sections that by their nature should survive (licences to us,
        disclaimers, limitation of liability, disputes) continue to apply.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        Woodshed is provided “as is” and “as available”. To the extent the law allows, we disclaim all warranties, express or implied, including merchantability,
        fitness for a particular purpose and non-infringement. Detected tempos, keys and chords are aids to practice and may be inaccurate.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, Woodshed is not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, data or
        goodwill. Our total liability for all claims arising from or relating to Woodshed is limited to the greater of ${f.liabilityCapDollars} or the amount you paid us
        in the {f.liabilityLookbackMonths} months before the event giving rise to the claim. Some jurisdictions do not allow these limits, so they may not apply to you.
      </p>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnity',
    body: <p>You agree to defend and indemnify Woodshed against claims arising from your breach of these terms or your misuse of the service.</p>,
  },
  {
    id: 'disputes',
    title: 'Disputes and arbitration',
    body: (
      <>
        <p>
          <strong>Please read this section carefully: it affects your rights.</strong> Any dispute between you and Woodshed will be resolved by binding individual
          arbitration rather than in court, except that either of us may bring an individual claim in small-claims court, and either of us may ask a court to stop the
          infringement of intellectual property. Claims may be brought only individually, not as a plaintiff or class member in a class or representative action.
        </p>
        <p>
          <strong>Opting out.</strong> You may opt out of arbitration by sending us written notice within {f.arbitrationOptOutDays} days of the day you first use
          Woodshed. The notice must give your name, the e-mail address of your account and a clear statement that you opt out of arbitration. Send it as described under
          Contact. Opting out does not affect any other part of these terms.
        </p>
        <p>These terms are governed by the laws of the State of Nevada, without regard to its conflict-of-law rules, except where the law of your country of residence gives you protections that cannot be waived.</p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We change the effective date above when we do, and tell you in advance by e-mail or in the app about changes that materially affect
        your rights. If you keep using Woodshed after a change takes effect, the new terms apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Write to us at <SupportEmailLink />, from your account’s address (or reply to any e-mail Woodshed has sent you). For questions about personal data, use
        the <Link to={paths.privacyRequests}>privacy request form</Link>.
      </p>
    ),
  },
];

export function TermsOfUseScreen() {
  usePageHead(legalPageData('Terms of Use', description, paths.termsOfUse));
  return (
    <LegalDocument
      title="Terms of Use"
      intro={<p>These terms set out the rules for using Woodshed, what you pay for, and what each of us can expect from the other.</p>}
      sections={sections}
    />
  );
}
