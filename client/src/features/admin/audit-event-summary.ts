import type { AuditEvent } from '../../../../contract/admin';
import { formatAdminDate } from './admin-date';
import { formatBytes } from './byte-size';

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function money(cents: unknown, currency: unknown): string {
  const amount = num(cents);
  if (amount === null) return '';
  const code = str(currency)?.toUpperCase() ?? 'USD';
  return code === 'USD' ? `$${(amount / 100).toFixed(2)}` : `${(amount / 100).toFixed(2)} ${code}`;
}

/** '1 credit', '-20 credits', with a '+' on grants when `signed`. */
export function creditCount(credits: number, signed = false): string {
  const figure = signed && credits > 0 ? `+${credits}` : String(credits);
  return `${figure} ${Math.abs(credits) === 1 ? 'credit' : 'credits'}`;
}

export type SongTitles = Readonly<Record<string, string>>;

/** The song's title in quotes when known (a song can be gone from the library), else 'song 9'. */
function songName(songId: number, titles: SongTitles, capital = false): string {
  const title = titles[String(songId)];
  return title ? `“${title}”` : `${capital ? 'Song' : 'song'} ${songId}`;
}

/** One line saying what an event did; types without their own wording list their data fields, so nothing sent is hidden. */
export function auditEventSummary(event: Pick<AuditEvent, 'type' | 'data'>, songTitles: SongTitles = {}): string {
  const { data } = event;
  switch (event.type) {
    case 'StemStreamed': {
      const bytes = num(data.bytesSent) ?? 0;
      const file = str(data.filename) ?? 'a stem';
      const song = num(data.songId);
      return `${formatBytes(bytes)} of ${file}${song === null ? '' : ` (${songName(song, songTitles)})`}${data.aborted === true ? ', aborted' : ''}`;
    }
    case 'CreditsAdjusted': {
      const credits = num(data.credits) ?? 0;
      return `${creditCount(credits, true)}: ${str(data.reason) ?? 'no reason given'}`;
    }
    case 'CreditsPurchased':
      return `${creditCount(num(data.credits) ?? 0)} for ${money(data.amountCents, data.currency)}`;
    case 'CreditsRefunded':
      return `${creditCount(num(data.credits) ?? 0)} refunded (${money(data.amountCents, data.currency)})`;
    case 'SongPlayed':
    case 'SongStarred':
    case 'SongUnstarred':
    {
      const song = num(data.songId);
      return song === null ? 'Song ?' : songName(song, songTitles, true);
    }
    case 'UserSignedIn':
      return data.method === 'link' ? 'With the e-mailed link' : data.method === 'code' ? 'With the e-mailed code' : 'Signed in';
    case 'SubscriptionStarted':
    case 'SubscriptionRenewed': {
      const plan = str(data.plan) ?? 'unknown';
      const end = formatAdminDate(str(data.currentPeriodEnd));
      return `${plan[0]!.toUpperCase()}${plan.slice(1)} plan${end ? `, paid until ${end}` : ''}`;
    }
    case 'SubscriptionCancellationRequested': {
      const end = formatAdminDate(str(data.endsAt));
      return end ? `Access until ${end}` : 'Cancellation requested';
    }
    case 'SubscriptionEnded': {
      const reasons: Record<string, string> = { canceled: 'canceled', payment_failed: 'payment failed', refunded: 'refunded' };
      return `Ended: ${reasons[str(data.reason) ?? ''] ?? str(data.reason) ?? 'unknown reason'}`;
    }
    default:
      return fieldList(data);
  }
}

/** The event's fields as 'name: value', except the user id (the page is about that user). */
function fieldList(data: Record<string, unknown>): string {
  const parts = Object.entries(data)
    .filter(([key]) => key !== 'userId')
    .map(([key, value]) => `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`);
  return parts.length > 0 ? parts.join(', ') : '-';
}

export function auditActor(actorUserId: number | null, auditedUserId: number): string {
  if (actorUserId === null) return 'System';
  if (actorUserId === auditedUserId) return 'User';
  return `Admin #${actorUserId}`;
}
