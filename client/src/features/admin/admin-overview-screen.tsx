import { LoadingState } from '../../components/ui/loading-state';
import { useAdminStatsQuery, useAdminUsersQuery } from './admin-api';
import screenStyles from './admin-screen.module.css';
import { AllUsersTable } from './all-users-table';
import { StatCards } from './stat-cards';

export function AdminOverviewScreen() {
  const stats = useAdminStatsQuery();
  const users = useAdminUsersQuery();
  return (
    <div className={screenStyles.screen}>
      <h2 className={screenStyles.sectionTitle}>Overview</h2>
      {stats.isLoading ? <LoadingState label="Loading statistics..." /> : null}
      {stats.isError ? <p className={screenStyles.loadError}>The statistics could not be loaded. Reload the page to try again.</p> : null}
      {stats.data ? <StatCards stats={stats.data} /> : null}

      <section className={screenStyles.section} aria-labelledby="all-users-title">
        <div className={screenStyles.sectionHeader}>
          <h2 className={screenStyles.sectionTitle} id="all-users-title">
            All Users
          </h2>
          {users.data ? <p className={screenStyles.statusText}>{users.data.length === 1 ? '1 user' : `${users.data.length.toLocaleString('en-US')} users`}</p> : null}
        </div>
        {users.isLoading ? <LoadingState label="Loading users..." /> : null}
        {users.isError ? <p className={screenStyles.loadError}>The users could not be loaded. Reload the page to try again.</p> : null}
        {users.data ? <AllUsersTable users={users.data} /> : null}
      </section>
    </div>
  );
}
