const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM dd, yyyy' in UTC (spec 001, 2.9; decision 0022), or null for a missing or unreadable value. */
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
