import { useRouteError } from 'react-router-dom';
import { LinkButton } from '../components/ui/link-button';
import { paths } from '../lib/routes/paths';
import styles from './not-found-screen.module.css';

/** Shown instead of a blank page when a screen throws while rendering. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return (
    <section className={styles.notFound} style={{ minHeight: '100vh' }}>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>The page failed to load. Reloading usually helps.</p>
      <LinkButton to={paths.home} variant="primary">
        Go Home
      </LinkButton>
    </section>
  );
}
