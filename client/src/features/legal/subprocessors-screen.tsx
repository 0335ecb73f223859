import { Link } from 'react-router-dom';
import { usePageHead } from '../../lib/page-head/use-page-head';
import { paths } from '../../lib/routes/paths';
import { LegalDocument } from './legal-document';
import styles from './legal-document.module.css';
import { legalPageData } from './legal-page-data';

const description = 'The service providers that process personal data for Woodshed, what each does, and where: hosting, database, e-mail, payments and audio storage.';

const subprocessors = [
  { kind: 'Cloud hosting', purpose: 'Runs the Woodshed website, app and API', data: 'All data the service processes, in transit and in memory' },
  { kind: 'Serverless PostgreSQL host', purpose: 'Stores the database', data: 'Account e-mail, sessions, practice activity, credits, billing records, preferences' },
  { kind: 'Transactional e-mail', purpose: 'Sends magic-link and verification-code e-mails, and service notices', data: 'E-mail address, message contents' },
  { kind: 'Payment processing', purpose: 'Takes payment for Pro subscriptions and credit packs', data: 'E-mail address, payment details, billing address' },
  { kind: 'Cloud object storage', purpose: 'Stores and delivers the audio stems', data: 'Requests for audio files (IP address, time)' },
] as const;

export function SubprocessorsScreen() {
  usePageHead(legalPageData('Subprocessors', description, paths.subprocessors));
  return (
    <LegalDocument
      title="Subprocessors"
      dated={false}
      intro={
        <p>
          Woodshed uses these service providers to run the service. Each processes personal data only on our instructions and under a contract that requires it to
          protect the data. How we handle data overall is described in our <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
        </p>
      }
      sections={[
        {
          id: 'list',
          title: 'Current subprocessors',
          body: (
            <>
              <div className={styles.tableWrap} role="region" aria-labelledby="list-title" tabIndex={0}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">Kind of service</th>
                      <th scope="col">What it does for Woodshed</th>
                      <th scope="col">Personal data involved</th>
                      <th scope="col">Location</th>
                    </tr>
                  </thead>
                  <tbody>
                    {subprocessors.map((row) => (
                      <tr key={row.kind}>
                        <th scope="row">{row.kind}</th>
                        <td>{row.purpose}</td>
                        <td>{row.data}</td>
                        <td>United States</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p>We update this page before adding or replacing a subprocessor.</p>
            </>
          ),
        },
      ]}
    />
  );
}
