import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { fieldControlClass, FormField } from '../../components/ui/form-field';
import styles from './auth-page.module.css';
import { useCodeSignIn } from './use-code-sign-in';
import { CODE_LENGTH, codeProblem } from './validate-code';

/** Props of {@link LoginCodeStep}. */
export interface LoginCodeStepProps {
  /** Where the link and code were sent. */
  email: string;
  /** '← Send Another Link': back to the e-mail step. */
  onSendAnother(): void;
}

/** The 'Check Your Email' step: the address, the 6-digit code field and the way back. */
export function LoginCodeStep({ email, onSendAnother }: LoginCodeStepProps) {
  const { signIn, isPending } = useCodeSignIn();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = codeProblem(code);
    setProblem(found);
    if (found === null) void signIn(email, code);
  }

  return (
    <>
      <h1 className={styles.title}>Check Your Email</h1>
      <p className={styles.address}>{email}</p>
      <p className={styles.text}>Click the link in the email to sign in, or enter the 6-digit code below.</p>
      <form className={styles.form} noValidate onSubmit={submit}>
        <FormField htmlFor="login-code" label="Verification code" error={problem}>
          <input
            id="login-code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="000000"
            maxLength={CODE_LENGTH}
            className={`${problem ? fieldControlClass.invalid : fieldControlClass.input} ${styles.code}`}
            value={code}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'login-code-error' : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        <Button type="submit" variant="primary" block disabled={isPending} aria-busy={isPending}>
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
