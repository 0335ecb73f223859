import { NavLink, Outlet } from 'react-router-dom';
import { LinkButton } from '../../components/ui/link-button';
import { paths } from '../../lib/routes/paths';
import styles from './admin-layout.module.css';

const tabs = [
  { to: paths.adminOverview, label: 'Overview' },
  { to: paths.adminUsage, label: 'Usage' },
  { to: paths.adminAnnouncements, label: 'Announcements' },
  { to: paths.adminSettings, label: 'Settings' },
];

/** The admin area's shared frame (spec 001, 2.9): heading, way back to the library, four tabs. */
export function AdminLayout() {
  return (
    <div className={styles.admin}>
      <header className={styles.header}>
        <h1 className={styles.heading}>Admin Dashboard</h1>
        <LinkButton to={paths.library}>Back to Library</LinkButton>
      </header>
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
    </div>
  );
}
