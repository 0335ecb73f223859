import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { fieldControl, FormField } from '../../components/ui/form-field';
import { PublicPage } from '../../components/ui/public-page';
import { showServerErrorToast } from '../../components/ui/server-error-toast';
import { showToast } from '../../components/ui/toast-store';
import { privacyRequestTypes } from './privacy-request-types';
import { useSubmitPrivacyRequestMutation } from './privacy-requests-api';
import styles from './privacy-requests-screen.module.css';
import { MAX_DESCRIPTION_LENGTH, validatePrivacyRequest } from './validate-privacy-request';
import type { PrivacyRequestForm, PrivacyRequestProblems } from './validate-privacy-request';

const emptyForm: PrivacyRequestForm = { email: '', requestType: '', description: '' };
const receivedText = 'Your privacy request has been received. We will respond within 45 days.';

export function PrivacyRequestsScreen() {
  const [form, setForm] = useState<PrivacyRequestForm>(emptyForm);
  const [problems, setProblems] = useState<PrivacyRequestProblems>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitRequest, { isLoading }] = useSubmitPrivacyRequestMutation();

  function update<K extends keyof PrivacyRequestForm>(field: K, value: PrivacyRequestForm[K]) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validatePrivacyRequest(form);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    try {
      await submitRequest(checked.payload).unwrap();
    } catch (error) {
      showServerErrorToast('Error', error, 'Failed to submit request. Please try again.');
      return;
    }
    showToast({ title: 'Request Submitted', description: receivedText });
    setForm(emptyForm);
    setSubmitted(true);
  }

  const control = (field: keyof PrivacyRequestForm) => fieldControl(`privacy-${field}`, problems[field]);

  return (
    <PublicPage>
      <div className={styles.content}>
        <h1 className={styles.title}>Privacy Request</h1>
        <p className={styles.intro}>
          Ask to see, correct, export or delete the personal data we hold about you, or to limit how we use it. We
          answer within 45 days; when a request is complex we may extend that once by another 45 days and tell you
          why.
        </p>
        {submitted ? (
          <div className={styles.success} role="status">
            <h2 className={styles.successTitle}>Request Submitted</h2>
            <p>{receivedText}</p>
            <p className={styles.muted}>We will write to the e-mail address you gave us, and may ask you to confirm it is you.</p>
            <Button variant="secondary" onClick={() => setSubmitted(false)}>
              Submit Another Request
            </Button>
          </div>
        ) : (
          <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
            <FormField htmlFor="privacy-email" label="Email" error={problems.email}>
              <input
                name="email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={form.email}
                onChange={(event) => update('email', event.target.value)}
                {...control('email')}
              />
            </FormField>
            <FormField htmlFor="privacy-requestType" label="Request Type" error={problems.requestType}>
              <select
                name="requestType"
                value={form.requestType}
                onChange={(event) => update('requestType', event.target.value)}
                {...control('requestType')}
              >
                <option value="" disabled>
                  Select a request type
                </option>
                {privacyRequestTypes.map((type) => (
                  <option key={type.value} value={type.value}>
                    {type.label}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField htmlFor="privacy-description" label="Details" error={problems.description}>
              <textarea
                name="description"
                rows={6}
                maxLength={MAX_DESCRIPTION_LENGTH}
                placeholder="Tell us what you would like us to do, and anything that helps us find your data."
                value={form.description}
                onChange={(event) => update('description', event.target.value)}
                {...control('description')}
              />
            </FormField>
            <Button type="submit" variant="primary" disabled={isLoading} aria-busy={isLoading}>
              {isLoading ? 'Submitting...' : 'Submit Privacy Request'}
            </Button>
          </form>
        )}
      </div>
    </PublicPage>
  );
}
