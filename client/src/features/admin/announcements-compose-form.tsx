import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormField, fieldControlClass } from '../../components/ui/form-field';
import { showToast } from '../../components/ui/toast-store';
import styles from './announcements.module.css';
import type { CampaignAudience, NewEmailCampaign } from './campaign-api';
import { audienceLabels, campaignTextBody } from './campaign-rules';

export interface AnnouncementsComposeFormProps {
  /** Called with a complete campaign; the screen asks to confirm before sending it. */
  onSubmit(campaign: NewEmailCampaign): void;
  /** Bumped by the screen after a campaign was created, to clear the form (spec 001 section 8). */
  resetKey: number;
  busy: boolean;
}

export function AnnouncementsComposeForm({ onSubmit, resetKey, busy }: AnnouncementsComposeFormProps) {
  return <ComposeFields key={resetKey} onSubmit={onSubmit} busy={busy} />;
}

function ComposeFields({ onSubmit, busy }: Omit<AnnouncementsComposeFormProps, 'resetKey'>) {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<CampaignAudience>('test');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (subject.trim() === '' || message.trim() === '') {
      showToast({ title: 'Missing fields', description: 'Please fill in both subject and message', variant: 'destructive' });
      return;
    }
    onSubmit({ subject: subject.trim(), htmlBody: message, textBody: campaignTextBody(message), targetAudience: audience });
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Compose announcement" noValidate>
      <FormField htmlFor="campaign-subject" label="Subject">
        <input id="campaign-subject" className={fieldControlClass.input} value={subject} maxLength={200} onChange={(event) => setSubject(event.target.value)} />
      </FormField>
      <FormField htmlFor="campaign-message" label="Message" hint="HTML is allowed; the plain-text version is made by removing the tags.">
        <textarea
          id="campaign-message"
          className={`${fieldControlClass.input} ${styles.message}`}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </FormField>
      <FormField htmlFor="campaign-audience" label="Target audience">
        <select id="campaign-audience" className={fieldControlClass.input} value={audience} onChange={(event) => setAudience(event.target.value as CampaignAudience)}>
          {(Object.keys(audienceLabels) as CampaignAudience[]).map((key) => (
            <option key={key} value={key}>
              {audienceLabels[key]}
            </option>
          ))}
        </select>
      </FormField>
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" disabled={busy}>
          Send Campaign
        </Button>
      </div>
    </form>
  );
}
