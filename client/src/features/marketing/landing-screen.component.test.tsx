import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callToActionLabels, expectPublicPage, faqAnswer, faqQuestion, openQuestions } from '../../lib/testing/public-page-expectations';
import { renderAppRoute, routerAt } from '../../lib/testing/render-app-route';
import { renderScreen } from '../../lib/testing/render-screen';
import { LandingScreen } from './landing-screen';
// The sign-in screen's module, loaded with this file: the route's lazy import of it then finds it
// ready, as it would find its chunk in the browser's cache.
import '../auth/login-screen';

const heading = 'Practise with the band. Play your part.';

/** The links whose whole text is one of the calls to action. */
function callsToAction(): HTMLAnchorElement[] {
  return Array.from(document.querySelectorAll('a[href]')).filter((link): link is HTMLAnchorElement => callToActionLabels.has(link.textContent.trim()));
}

describe('/landing (spec 001, 2.4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('has its heading, head tags and links', async () => {
    await expectPublicPage({ path: '/landing', heading, title: 'Woodshed' });
  });

  it('has six calls to action: the header Login, the hero, three plans and the closing band', async () => {
    await renderAppRoute('/landing');
    expect(callsToAction()).toHaveLength(6);
  });

  // One render each: a click leaves the page.
  it.each([0, 1, 2, 3, 4, 5])('opens the sign-in page from call to action %i', async (index) => {
    const { router } = await renderAppRoute('/landing');
    fireEvent.click(callsToAction()[index]!);
    await routerAt(router, '/login');
    expect(screen.getByText('Send Magic Link', { selector: 'button' })).toBeDefined();
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
