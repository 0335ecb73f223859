import { useLocation } from 'react-router-dom';
import { LinkButton } from '../components/ui/link-button';
import { paths } from '../lib/routes/paths';
import styles from './not-found-screen.module.css';

export function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <section className={styles.notFound}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>Page Not Found</h1>
      <p className={styles.text}>
        There is no page at <code>{pathname}</code>.
      </p>
      <LinkButton to={paths.home} variant="primary">
        Go Home
      </LinkButton>
    </section>
  );
}
