import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../lib/testing/render-screen';
import { LoginScreen } from './login-screen';

describe('the sign-in screen', () => {
  it("gives the e-mail step an h1 'Sign In', in both modes", async () => {
    renderScreen(<LoginScreen />, '/login');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign In');
    fireEvent.click(screen.getByRole('button', { name: 'Create New Account' }));
    await screen.findByText('Create your account to start jamming');
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Sign In']);
  });
});
