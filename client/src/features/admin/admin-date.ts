const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date in the admin screens' form 'MMM dd, yyyy' (spec 001, 2.9), e.g. 'Mar 05, 2025'. Read in
 * UTC, as the server records every time, so two admins in different zones see the same day
 * (decision 0022). Null for a missing or unreadable value; callers choose the stand-in
 * (a dash, 'Never').
 */
export function formatAdminDate(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${monthNames[date.getUTCMonth()]} ${day}, ${date.getUTCFullYear()}`;
}

/** An instant as 'MMM dd, yyyy HH:mm:ss UTC' (the audit's event times, where seconds matter). Null when unreadable. */
export function formatAdminDateTime(value: string | null | undefined): string | null {
  const day = formatAdminDate(value);
  if (day === null) return null;
  const date = new Date(value as string);
  const time = [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
  return `${day} ${time} UTC`;
}
