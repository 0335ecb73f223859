import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../components/ui/link-button';
import { Spinner } from '../../components/ui/spinner';
import { showToast } from '../../components/ui/toast-store';
import { api } from '../../lib/api/api';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../lib/routes/paths';
import { useVerifyMagicLinkQuery } from './auth-api';
import { AuthPage } from './auth-page';
import styles from './auth-page.module.css';
import { NO_TOKEN_TEXT, verificationErrorText } from './verification-error-text';

export function VerifyScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { data, error, isError } = useVerifyMagicLinkQuery(token, { skip: token === '' });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedInEmail = data?.user.email;

  useEffect(() => {
    if (signedInEmail === undefined) return;
    // A "no user" answer cached before sign-in must not send the guard back to /landing.
    dispatch(api.util.invalidateTags(['CurrentUser']));
    showToast({ title: 'Welcome!', description: `Signed in as ${signedInEmail}` });
    void navigate(paths.library, { replace: true });
  }, [signedInEmail, dispatch, navigate]);

  const failure = token === '' ? NO_TOKEN_TEXT : isError ? verificationErrorText(error) : null;

  return (
    <AuthPage>
      {failure === null ? (
        <div className={styles.status}>
          <Spinner label="Verifying" />
          <h1 className={styles.title}>Verifying...</h1>
        </div>
      ) : (
        <div className={styles.status}>
          <h1 className={styles.failed}>Verification Failed</h1>
          <p className={styles.errorText}>{failure}</p>
          <p className={styles.text}>The link may have expired or already been used.</p>
          <LinkButton to={paths.login} variant="primary">
            Back to Login
          </LinkButton>
        </div>
      )}
    </AuthPage>
  );
}
