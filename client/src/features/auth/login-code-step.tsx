import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { fieldControl, FormField } from '../../components/ui/form-field';
import styles from './auth-page.module.css';
import { codeFailure } from './code-failure';
import type { CodeFailure } from './code-failure';
import { useCodeSignIn } from './use-code-sign-in';
import { useSendSignInMail } from './use-send-sign-in-mail';
import { CODE_LENGTH, codeProblem } from './validate-code';

export const SEND_NEW_CODE_LABEL = 'Send a new code';

export interface LoginCodeStepProps {
  email: string;
  /** When this tab sent the code (Date.now()), or null when the user brought a code they had. */
  sentAt: number | null;
  onResent(sentAt: number): void;
  onSendAnother(): void;
}

export function LoginCodeStep({ email, sentAt, onResent, onSendAnother }: LoginCodeStepProps) {
  const { signIn, isPending } = useCodeSignIn();
  const { send, isSending } = useSendSignInMail();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<CodeFailure | null>(null);
  const limited = failure?.kind === 'limit';
  const message = problem ?? failure?.text ?? null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = codeProblem(code);
    setProblem(found);
    if (found !== null) return;
    setFailure(null);
    const result = await signIn(email, code);
    if (result) setFailure(codeFailure(result.refused, sentAt, Date.now()));
  }

  async function sendNewCode() {
    const outcome = await send(email);
    if (outcome.kind === 'sent') onResent(Date.now());
  }

  return (
    <>
      <h1 className={styles.title}>Check Your Email</h1>
      <p className={styles.address}>{email}</p>
      <p className={styles.text}>Click the link in the email to sign in, or enter the 6-digit code below.</p>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <FormField htmlFor="login-code" label="Verification code" error={message}>
          <input
            {...fieldControl('login-code', message)}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="000000"
            maxLength={CODE_LENGTH}
            className={`${fieldControl('login-code', message).className} ${styles.code}`}
            value={code}
            disabled={limited}
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        {failure?.kind === 'expired' ? (
          <Button variant="secondary" block disabled={isSending} aria-busy={isSending} onClick={() => void sendNewCode()}>
            {SEND_NEW_CODE_LABEL}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" block disabled={isPending || limited} aria-busy={isPending}>
          Sign In with Code
        </Button>
      </form>
      <p className={styles.note}>The code will expire in 15 minutes.</p>
      <Button variant="ghost" block onClick={onSendAnother}>
        ← Send Another Link
      </Button>
    </>
  );
}
