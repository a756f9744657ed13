/**
 * The card form's dialog when Stripe.js cannot be loaded (js.stripe.com unreachable, a blocker):
 * an Italian error and a way out, never an endless progress bar.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

vi.mock('@stripe/stripe-js', () => ({
  loadStripe: vi.fn(() => Promise.reject(new Error('Failed to load Stripe.js'))),
}));
import { loadStripe } from '@stripe/stripe-js';
import StripeCheckout from '../../src/areas/payments/StripeCheckout';

describe('StripeCheckout', () => {
  it('Stripe.js not loaded: the error and "Chiudi", with the publishable key it was asked for', async () => {
    const onClose = vi.fn();
    render(
      <StripeCheckout
        publishableKey="pk_test_1"
        clientSecret="pi_1_secret_x"
        amountText="29,90 €"
        months={1}
        onClose={onClose}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossibile caricare il modulo di pagamento di Stripe');
    expect(vi.mocked(loadStripe)).toHaveBeenCalledWith('pk_test_1');
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(onClose).toHaveBeenCalled();
  });
});
