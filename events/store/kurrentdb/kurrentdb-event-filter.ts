import { eventTypeFilter, excludeSystemEvents } from '@kurrent/kurrentdb-client';
import type { Filter } from '@kurrent/kurrentdb-client';

/** The server-side `$all` filter: exactly `types`, or every non-system event. */
export function kurrentEventFilter(types?: readonly string[]): Filter {
  if (types === undefined) return excludeSystemEvents();
  return eventTypeFilter({ regex: `^(?:${types.map(escapeRegex).join('|')})$` });
}

/** KurrentDB's own events (`$metadata`, `$>` links, `$statistics`, ...) start with `$`. */
export function isSystemEventType(type: string): boolean {
  return type.startsWith('$');
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
