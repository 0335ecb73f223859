import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { LinkButton } from '../../components/ui/link-button';
import { subscriptionStatusLabel } from '../../lib/api/subscription-status-label';
import { paths } from '../../lib/routes/paths';
import { useAdminUsersQuery } from './admin-api';
import screenStyles from './admin-screen.module.css';
import styles from './admin-user-audit-screen.module.css';
import { AuditEventsCard } from './audit-events-card';
import type { AuditEventType } from './audit-event-types';
import { CreditAdjustmentCard } from './credit-adjustment-card';

export function AdminUserAuditScreen() {
  const { userId: param } = useParams();
  const userId = /^[1-9]\d{0,9}$/.test(param ?? '') ? Number(param) : null;
  if (userId === null) {
    return (
      <div className={screenStyles.screen}>
        <h2 className={screenStyles.sectionTitle}>User not found</h2>
        <p className={screenStyles.statusText}>That address does not name a user.</p>
        <div>
          <LinkButton to={paths.adminOverview}>Back to Overview</LinkButton>
        </div>
      </div>
    );
  }
  // Remounts per user, so nothing typed or paged for one user shows for another.
  return <UserAudit key={userId} userId={userId} />;
}

function UserAudit({ userId }: { userId: number }) {
  // The users list names the account (usually already loaded by the Overview tab).
  const { user } = useAdminUsersQuery(undefined, { selectFromResult: ({ data }) => ({ user: data?.find((candidate) => candidate.id === userId) }) });
  const [historyVersion, setHistoryVersion] = useState(0);
  const [type, setType] = useState<AuditEventType | null>(null);
  const email = user?.email ?? null;
  return (
    <div className={screenStyles.screen}>
      <div className={screenStyles.sectionHeader}>
        <div>
          <h2 className={screenStyles.sectionTitle}>User History</h2>
          <p className={styles.who}>
            <span className={styles.email}>{email ?? `User #${userId}`}</span>
            <span className={styles.meta}>ID {userId}</span>
            {user ? <span className={styles.meta}>{subscriptionStatusLabel(user.subscriptionStatus)}</span> : null}
          </p>
        </div>
        <LinkButton to={paths.adminOverview}>Back to Overview</LinkButton>
      </div>
      <CreditAdjustmentCard userId={userId} email={email} onRecorded={() => setHistoryVersion((version) => version + 1)} />
      {/* A new adjustment starts the history again from its newest page (the filter stays). */}
      <AuditEventsCard key={historyVersion} userId={userId} type={type} onTypeChange={setType} />
    </div>
  );
}
