import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { fieldControlClass } from '../../components/ui/form-field';
import { showServerErrorToast } from '../../components/ui/server-error-toast';
import { showToast } from '../../components/ui/toast-store';
import { useSubscribeToMailingListMutation } from './mailing-list-api';
import { isAcceptableNewsletterEmail, subscribedText } from './newsletter-email';
import styles from './newsletter-signup.module.css';

export function NewsletterSignup() {
  const [email, setEmail] = useState('');
  const [subscribe, { isLoading }] = useSubscribeToMailingListMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isAcceptableNewsletterEmail(email)) {
      showToast({ title: 'Invalid Email', description: 'Please enter a valid email address.', variant: 'destructive' });
      return;
    }
    try {
      const answer = await subscribe({ email: email.trim() }).unwrap();
      showToast({ title: 'Successfully Subscribed!', description: subscribedText(answer) });
      setEmail('');
    } catch (error) {
      showServerErrorToast('Subscription Failed', error, 'Please try again later.');
    }
  }

  return (
    <section className={styles.newsletter} aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className={styles.title}>
        Stay in the loop
      </h2>
      <p className={styles.text}>News of songs added to the library, new features and practice tips. Unsubscribe any time.</p>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <input
          type="email"
          name="email"
          autoComplete="email"
          aria-label="Email address"
          placeholder="you@example.com"
          className={fieldControlClass.input}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="primary" disabled={isLoading} aria-busy={isLoading}>
          Subscribe
        </Button>
      </form>
    </section>
  );
}
