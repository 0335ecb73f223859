import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { fieldControl, FormField } from '../../components/ui/form-field';
import { isValidEmail } from '../../lib/validation/is-valid-email';
import styles from './auth-page.module.css';
import { useSendSignInMail } from './use-send-sign-in-mail';

export type LoginMode = 'login' | 'signup';

const captions: Record<LoginMode, string> = {
  login: 'Sign in to access your music library',
  signup: 'Create your account to start jamming',
};

export interface LoginEmailStepProps {
  mode: LoginMode;
  onModeChange(mode: LoginMode): void;
  email: string;
  onEmailChange(email: string): void;
  onSent(email: string): void;
  /** 'Enter a code I already have': to the code step for this address without sending anything. */
  onEnterCode(email: string): void;
}

/** Offered when the address hit its hourly limit of sign-in e-mails: the last code still works. */
export const ENTER_CODE_LABEL = 'Enter a code I already have';

/** The e-mail step's heading: the screen's title ('Sign In', as the tab says), so the page has an h1. */
export const EMAIL_STEP_HEADING = 'Sign In';
/** The send button's label while the request is in flight (it is also disabled and aria-busy). */
export const SENDING_LABEL = 'Sending...';

export function LoginEmailStep({ mode, onModeChange, email, onEmailChange, onSent, onEnterCode }: LoginEmailStepProps) {
  const { send, isSending: isLoading } = useSendSignInMail();
  const [problem, setProblem] = useState<string | null>(null);
  // The hourly limit's message and the address it is about.
  const [limited, setLimited] = useState<{ email: string; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setProblem('Please enter a valid email address');
      return;
    }
    setProblem(null);
    setLimited(null);
    const outcome = await send(address);
    if (outcome.kind === 'sent') onSent(address);
    if (outcome.kind === 'limited') setLimited({ email: address, text: outcome.text });
  }

  return (
    <>
      <h1 className={styles.title}>{EMAIL_STEP_HEADING}</h1>
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
            {...fieldControl('login-email', problem)}
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => onEmailChange(event.target.value)}
          />
        </FormField>
        <Button type="submit" variant="primary" block disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? SENDING_LABEL : 'Send Magic Link'}
        </Button>
      </form>
      {limited ? (
        <div className={styles.limit} role="alert">
          <p className={styles.errorText}>{limited.text}</p>
          <Button variant="secondary" block onClick={() => onEnterCode(limited.email)}>
            {ENTER_CODE_LABEL}
          </Button>
        </div>
      ) : null}
    </>
  );
}
