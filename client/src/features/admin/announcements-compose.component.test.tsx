import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../lib/testing/render-screen';
import { AdminAnnouncementsScreen } from './admin-announcements-screen';

function compose(subject: string, message: string, audience: 'all' | 'test') {
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: subject } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: message } });
  fireEvent.change(screen.getByLabelText('Target audience'), { target: { value: audience } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Campaign' }));
}

describe('composing an announcement', () => {
  it("refuses blank fields with the 'Missing fields' toast, and asks nothing", async () => {
    renderScreen(<AdminAnnouncementsScreen />, '/admin/announcements');
    fireEvent.click(screen.getByRole('button', { name: 'Send Campaign' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Missing fields')).toBeTruthy();
    expect(within(toast).getByText('Please fill in both subject and message')).toBeTruthy();
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // A subject alone is not enough either.
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Only a subject' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Campaign' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks to confirm with the subject and the audience, and warns before mail to all users only', async () => {
    renderScreen(<AdminAnnouncementsScreen />, '/admin/announcements');
    compose('Three new songs', '<p>Hello&nbsp;players,</p>\nthree new songs are in the library.', 'all');
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this campaign?' });
    expect(dialog.textContent).toContain('Three new songs');
    expect(dialog.textContent).toContain('All users');
    expect(within(dialog).getByRole('alert').textContent).toBe('Warning: this e-mail will go to ALL users. Send a test campaign first to check how it looks.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Cancelled, the form keeps what was typed.
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Three new songs');

    fireEvent.change(screen.getByLabelText('Target audience'), { target: { value: 'test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Campaign' }));
    const testDialog = await screen.findByRole('alertdialog', { name: 'Send this campaign?' });
    expect(testDialog.textContent).toContain('Test (the configured test recipient only)');
    expect(within(testDialog).queryByRole('alert')).toBeNull();
  });
});
