import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { faqAnswer, faqQuestion, openQuestions } from '../../lib/testing/faq-queries';
import { renderScreen } from '../../lib/testing/render-screen';
import { LandingScreen } from './landing-screen';

describe('/landing (spec 001, 2.4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps one answer of its FAQ open at a time', () => {
    const { container } = renderScreen(<LandingScreen />, '/landing');
    const support = container.querySelector<HTMLElement>('#support')!;
    const expanded = () => openQuestions(support);
    const answer = (question: string) => faqAnswer(support, question);
    expect(expanded()).toEqual([]);

    fireEvent.click(faqQuestion(support, 'What is Woodshed?'));
    expect(expanded()).toEqual(['What is Woodshed?']);
    expect(answer('What is Woodshed?').hidden).toBe(false);

    fireEvent.click(faqQuestion(support, 'What is a credit?'));
    expect(expanded()).toEqual(['What is a credit?']);
    expect(answer('What is Woodshed?').hidden).toBe(true);
    expect(answer('What is a credit?').hidden).toBe(false);
    expect(answer('What is a credit?').textContent).toContain('10,485,760 bytes');

    fireEvent.click(faqQuestion(support, 'What is a credit?'));
    expect(expanded()).toEqual([]);
  });

  it("refuses a newsletter address without '@' with the spec's toast and sends nothing", async () => {
    const fetching = vi.spyOn(globalThis, 'fetch');
    renderScreen(<LandingScreen />, '/landing');
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'drummer.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Invalid Email', { exact: true })).toBeDefined();
    expect(within(toast).getByText('Please enter a valid email address.', { exact: true })).toBeDefined();
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect(fetching).not.toHaveBeenCalled();
  });
});
