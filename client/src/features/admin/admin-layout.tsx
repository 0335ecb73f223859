import { NavLink, Outlet } from 'react-router-dom';
import { LinkButton } from '../../components/ui/link-button';
import { useCurrentUserQuery } from '../../lib/api/current-user-api';
import { paths } from '../../lib/routes/paths';
import { isAdminUser } from '../../lib/session/is-admin-user';
import styles from './admin-layout.module.css';

const tabs = [
  { to: paths.adminOverview, label: 'Overview' },
  { to: paths.adminUsage, label: 'Usage' },
  { to: paths.adminAnnouncements, label: 'Announcements' },
  { to: paths.adminSettings, label: 'Settings' },
];

/** The admin frame (spec 001, 2.9): heading, way back, four tabs; non-admins see a refusal and no admin call is made (decision 0022). */
export function AdminLayout() {
  const { data: user } = useCurrentUserQuery();
  const admin = isAdminUser(user);
  return (
    <div className={styles.admin}>
      <header className={styles.header}>
        <h1 className={styles.heading}>Admin Dashboard</h1>
        <LinkButton to={paths.library}>Back to Library</LinkButton>
      </header>
      {admin ? (
        <>
          <nav className={styles.tabs} aria-label="Admin sections">
            {tabs.map((tab) => (
              <NavLink key={tab.to} to={tab.to} className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}>
                {tab.label}
              </NavLink>
            ))}
          </nav>
          <div className={styles.content}>
            <Outlet />
          </div>
        </>
      ) : (
        <section className={styles.refusal} aria-label="Admin access required">
          <h2 className={styles.refusalTitle}>Admin access required</h2>
          <p>This area is for Woodshed administrators. Your account does not have admin access.</p>
        </section>
      )}
    </div>
  );
}
