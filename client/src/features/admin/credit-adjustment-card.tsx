import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FormField, fieldControl } from '../../components/ui/form-field';
import { showToast } from '../../components/ui/toast-store';
import { serverErrorMessage } from '../../lib/api/server-error-message';
import { useAdjustCreditsMutation } from './admin-api';
import screenStyles from './admin-screen.module.css';
import styles from './credit-adjustment-card.module.css';
import { MAX_REASON_LENGTH, adjustmentConfirmation, parseCreditAdjustment } from './credit-adjustment-form';
import type { CreditAdjustmentErrors } from './credit-adjustment-form';
import { AdminCard } from './admin-card';

export interface CreditAdjustmentCardProps {
  userId: number;
  email: string | null;
  onRecorded(): void;
}

export function CreditAdjustmentCard({ userId, email, onRecorded }: CreditAdjustmentCardProps) {
  const [credits, setCredits] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<CreditAdjustmentErrors>({});
  const [recorded, setRecorded] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [adjust, { isLoading }] = useAdjustCreditsMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRecorded(null);
    setFailure(null);
    const parsed = parseCreditAdjustment({ credits, reason });
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    try {
      const answer = await adjust({ userId, ...parsed.value }).unwrap();
      setRecorded(adjustmentConfirmation({ credits: answer.credits, reason: answer.reason }, email, answer.paidCreditsRemaining));
      setCredits('');
      setReason('');
      showToast({ title: 'Credits Adjusted', description: 'The adjustment is recorded in the user’s history.' });
      onRecorded();
    } catch (error) {
      const message = serverErrorMessage(error, 'The adjustment could not be recorded. Please try again.');
      setFailure(message);
      showToast({ title: 'Error', description: message, variant: 'destructive' });
    }
  }

  return (
    <AdminCard id="credit-adjustment" title="Adjust Credits">
      <p className={screenStyles.statusText}>
        Grant purchased credits (a positive number) or take them back (a negative number), for example after a metering fault.
        The balance never goes below zero. Every adjustment is kept in the history below with its reason.
      </p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.credits}>
          <FormField htmlFor="adjust-credits" label="Credits" error={errors.credits}>
            <input
              {...fieldControl('adjust-credits', errors.credits)}
              inputMode="numeric"
              placeholder="e.g. 50 or -20"
              value={credits}
              onChange={(event) => setCredits(event.target.value)}
            />
          </FormField>
        </div>
        <div className={styles.reason}>
          <FormField htmlFor="adjust-reason" label="Reason" error={errors.reason}>
            <input
              {...fieldControl('adjust-reason', errors.reason)}
              maxLength={MAX_REASON_LENGTH}
              placeholder="Why, for the record"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
        </div>
        <Button type="submit" variant="primary" className={styles.submit} disabled={isLoading}>
          {isLoading ? 'Recording...' : 'Record Adjustment'}
        </Button>
      </form>
      {recorded ? (
        <p className={styles.recorded} role="status">
          {recorded}
        </p>
      ) : null}
      {failure ? (
        <p className={screenStyles.loadError} role="alert">
          {failure}
        </p>
      ) : null}
    </AdminCard>
  );
}
