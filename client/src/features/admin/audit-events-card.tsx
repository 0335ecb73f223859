import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { LoadingState } from '../../components/ui/loading-state';
import { useAdminUserEventsQuery } from './admin-api';
import { formatAdminDateTime } from './admin-date';
import screenStyles from './admin-screen.module.css';
import tableStyles from './admin-table.module.css';
import styles from './audit-events-card.module.css';
import { auditActor, auditEventSummary } from './audit-event-summary';
import { auditEventGroups, eventTypeLabel, isAuditEventType } from './audit-event-types';
import type { AuditEventType } from './audit-event-types';
import { tableMinWidth } from './table-min-width';

// When, Event and By; the details take the rest.
const WHEN_WIDTH_PX = 220;
const EVENT_WIDTH_PX = 250;
const BY_WIDTH_PX = 100;

export interface AuditEventsCardProps {
  userId: number;
  /** The one event type shown, or null for all: kept by the page, so it outlives a reset of the paging. */
  type: AuditEventType | null;
  onTypeChange(type: AuditEventType | null): void;
}

/** The user's event history, newest first, 50 a page, filterable by type; a new filter starts at the newest page. */
export function AuditEventsCard({ userId, type, onTypeChange }: AuditEventsCardProps) {
  // The cursors of the pages walked so far: the last one is the page shown (null: the newest).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const before = cursors.at(-1) ?? null;
  // currentData: never the previous filter's or page's rows while the next one loads.
  const { currentData: page, isFetching, isError } = useAdminUserEventsQuery({ userId, type, before });
  const pageNumber = cursors.length;

  return (
    <section className={screenStyles.card} aria-labelledby="audit-events-title">
      <div className={screenStyles.sectionHeader}>
        <h3 className={screenStyles.cardTitle} id="audit-events-title">
          Event History
        </h3>
        <div className={styles.filter}>
          <label htmlFor="audit-event-type">Event type</label>
          <select
            id="audit-event-type"
            className={styles.select}
            value={type ?? ''}
            onChange={(event) => {
              onTypeChange(isAuditEventType(event.target.value) ? event.target.value : null);
              setCursors([null]);
            }}
          >
            <option value="">All events</option>
            {auditEventGroups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.types.map((option) => (
                  <option key={option} value={option}>
                    {eventTypeLabel(option)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      </div>

      {isError ? <p className={screenStyles.loadError}>The history could not be loaded. Reload the page to try again.</p> : null}
      {!page && isFetching ? <LoadingState label="Loading history..." /> : null}
      {page ? (
        <div className={styles.eventsScroller}>
          <table className={`${tableStyles.table} ${styles.events}`} style={{ minWidth: tableMinWidth([WHEN_WIDTH_PX, EVENT_WIDTH_PX, BY_WIDTH_PX]) }} aria-label="Event History" aria-busy={isFetching}>
            <colgroup>
              <col style={{ width: WHEN_WIDTH_PX }} />
              <col style={{ width: EVENT_WIDTH_PX }} />
              <col />
              <col style={{ width: BY_WIDTH_PX }} />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Event</th>
                <th scope="col">Details</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {page.events.length === 0 ? (
                <tr className={tableStyles.empty}>
                  <td colSpan={4}>{type ? `No ${eventTypeLabel(type).toLowerCase()} events` : 'No events recorded for this user'}</td>
                </tr>
              ) : null}
              {page.events.map((event) => {
                const summary = auditEventSummary(event, page.songTitles);
                return (
                  <tr key={event.position} className={tableStyles.row} data-testid="audit-event">
                    <td className={tableStyles.number}>{formatAdminDateTime(event.occurredAt) ?? '-'}</td>
                    <td>{eventTypeLabel(event.type)}</td>
                    <td title={summary}>{summary}</td>
                    <td className={tableStyles.muted}>{auditActor(event.actorUserId, userId)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      <div className={styles.pager}>
        <Button disabled={pageNumber === 1 || isFetching} onClick={() => setCursors((walked) => walked.slice(0, -1))}>
          Newer
        </Button>
        <span className={screenStyles.statusText} aria-live="polite">
          Page {pageNumber}
        </span>
        <Button
          disabled={!page?.nextCursor || isFetching}
          onClick={() => {
            const next = page?.nextCursor;
            if (next) setCursors((walked) => [...walked, next]);
          }}
        >
          Older
        </Button>
      </div>
    </section>
  );
}
