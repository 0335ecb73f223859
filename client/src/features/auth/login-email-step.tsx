import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { fieldControlClass, FormField } from '../../components/ui/form-field';
import { showToast } from '../../components/ui/toast-store';
import { serverErrorMessage } from '../../lib/api/server-error-message';
import { isValidEmail } from '../../lib/validation/is-valid-email';
import { useRequestMagicLinkMutation } from './auth-api';
import styles from './auth-page.module.css';

/** The two tabs of the login screen; they share one request. */
export type LoginMode = 'login' | 'signup';

const captions: Record<LoginMode, string> = {
  login: 'Sign in to access your music library',
  signup: 'Create your account to start jamming',
};

/** Props of {@link LoginEmailStep}. */
export interface LoginEmailStepProps {
  mode: LoginMode;
  onModeChange(mode: LoginMode): void;
  email: string;
  onEmailChange(email: string): void;
  /** The link and code went out to this address. */
  onSent(email: string): void;
}

/** The e-mail step: mode toggle, caption, e-mail field, 'Send Magic Link'. */
export function LoginEmailStep({ mode, onModeChange, email, onEmailChange, onSent }: LoginEmailStepProps) {
  const [requestMagicLink, { isLoading }] = useRequestMagicLinkMutation();
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setProblem('Please enter a valid email address');
      return;
    }
    setProblem(null);
    try {
      await requestMagicLink({ email: address }).unwrap();
    } catch (error) {
      showToast({
        title: 'Error',
        description: serverErrorMessage(error, 'Failed to send magic link. Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    showToast({ title: 'Check your email', description: "We've sent you a magic link and code to sign in." });
    onSent(address);
  }

  return (
    <>
      <div className={styles.modes} role="group" aria-label="Account">
        {(['login', 'signup'] as const).map((candidate) => (
          <button
            key={candidate}
            type="button"
            className={candidate === mode ? `${styles.mode} ${styles.modeActive}` : styles.mode}
            aria-pressed={candidate === mode}
            onClick={() => onModeChange(candidate)}
          >
            {candidate === 'login' ? 'Login' : 'Create New Account'}
          </button>
        ))}
      </div>
      <p className={styles.caption}>{captions[mode]}</p>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <FormField htmlFor="login-email" label="Email" error={problem}>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            className={problem ? fieldControlClass.invalid : fieldControlClass.input}
            value={email}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'login-email-error' : undefined}
            onChange={(event) => onEmailChange(event.target.value)}
          />
        </FormField>
        <Button type="submit" variant="primary" block disabled={isLoading} aria-busy={isLoading}>
          Send Magic Link
        </Button>
      </form>
    </>
  );
}
