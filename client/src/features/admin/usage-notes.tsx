import styles from './usage-notes.module.css';
import { AdminCard } from './admin-card';

// Spec 001, 2.9 names the card but not its text (decision 0022).
const notes = [
  {
    title: 'Metering',
    text: 'Usage counts the bytes of stem audio actually sent to the browser, settled when each stream closes. An aborted download counts only what was sent; HEAD requests are never counted. 1 credit = 10 MB (10,485,760 bytes), rounded up.',
  },
  {
    title: 'Free and paid credits',
    text: 'Free accounts get 200 credits (about 2 GB) each calendar month, reset on the 1st (UTC). Credit packs (100 credits for $5) never expire and are spent after the free credits.',
  },
  {
    title: 'Pro members',
    text: 'Pro ($15 per month or $160 per year) streams without limits. Their bytes still appear in the Usage tab, so heavy use stays visible.',
  },
  {
    title: 'Reading the Usage tab',
    text: '24h Usage covers the current clock hour (UTC) and the 23 before it; 7d Usage and 7d Sessions the current UTC day and the 6 before it; Total Streamed is everything since sign-up. A session is a run of activity with no pause over 30 minutes. Last Active is the latest sign-in, song load or stem streamed; hover it to see the last 3 songs played.',
  },
  {
    title: 'Correcting credits',
    text: "Open a user's history from their e-mail address in Overview or Usage. A credit adjustment needs a reason; it is recorded in the user's history and never edits past usage.",
  },
  {
    title: 'Purchasing switch',
    text: 'Turning purchasing off takes effect at once for everyone: buy buttons give way to a notice and the server refuses new checkouts. Streaming, existing subscriptions and credits are not affected.',
  },
];

export function UsageNotes() {
  return (
    <AdminCard id="usage-notes" title="Usage Notes">
      <dl className={styles.notes}>
        {notes.map((note) => (
          <div key={note.title} className={styles.note}>
            <dt>{note.title}</dt>
            <dd>{note.text}</dd>
          </div>
        ))}
      </dl>
    </AdminCard>
  );
}
