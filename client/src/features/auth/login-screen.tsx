import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/routes/paths';
import styles from './auth-page.module.css';
import { LoginCodeStep } from './login-code-step';
import { LoginEmailStep } from './login-email-step';
import type { LoginMode } from './login-email-step';

/**
 * /login (spec 001, 2.2 and 4): e-mail entry, then code entry once the link is sent. Login and
 * Create New Account differ only in their caption; both send the same request.
 */
export function LoginScreen() {
  const [mode, setMode] = useState<LoginMode>('login');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [email, setEmail] = useState('');

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <Link to={paths.landing} className={styles.brand}>
          <span className={styles.mark} aria-hidden="true" />
          Woodshed
        </Link>
        {sentTo === null ? (
          <LoginEmailStep
            mode={mode}
            onModeChange={setMode}
            email={email}
            onEmailChange={setEmail}
            onSent={(address) => setSentTo(address)}
          />
        ) : (
          <LoginCodeStep email={sentTo} onSendAnother={() => setSentTo(null)} />
        )}
      </div>
    </main>
  );
}
