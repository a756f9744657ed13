/**
 * The payment pages against a mocked API (msw): `/pay_init` offers each provider of C66; a wallet
 * goes to its approval page (C67), a card opens the card form with the client secret of C70 (the
 * months priced as the page shows them); `/pay_return` finishes a wallet payment with its token
 * (C68) and a card payment with its PaymentIntent (C71), and says a refused card without asking.
 * Stripe.js itself is replaced by a stand-in (it loads from js.stripe.com).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, logout, negativeLook, queryOf, renderApp, shellHandlers } from './harness';

vi.mock('../../src/areas/payments/StripeCheckout', () => ({
  default: (p: { publishableKey: string; clientSecret: string; amountText: string; months: number }) => (
    <div
      role="dialog"
      aria-label="Pagamento con carta"
    >{`${p.publishableKey} ${p.clientSecret} ${p.amountText} ${p.months}`}</div>
  ),
}));

const calls: Array<{ method: string; url: string; body?: unknown }> = [];
const server = setupServer(
  ...shellHandlers,
  http.get('*/api/subscription_price', () =>
    HttpResponse.json({
      data: 19.9,
      providers: [
        { value: 'sandbox', text: 'Sandbox (prova)', kind: 'wallet' },
        { value: 'stripe', text: 'Carta (Stripe)', kind: 'card', config: { publishableKey: 'pk_test_123' } },
      ],
    }),
  ),
  http.get('*/api/stripe/create_payment_intent', ({ request }) => {
    calls.push({ method: 'GET', url: request.url });
    return HttpResponse.json({ client_secret: 'pi_42_secret_abc', paymentId: 42, amount: 5970 });
  }),
  http.post('*/api/stripe/process_confirmed_payment_intent', async ({ request }) => {
    calls.push({ method: 'POST', url: request.url, body: await request.json() });
    return HttpResponse.json({ status: 'COMPLETED', new_expiry: '2027-03-31', replayed: false });
  }),
  http.post('*/api/sandbox/actions/finalize', async ({ request }) => {
    calls.push({ method: 'POST', url: request.url, body: await request.json() });
    return HttpResponse.json({ status: 'COMPLETED', new_expiry: '2027-01-31', replayed: false });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  login('Admin');
});
afterEach(() => {
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

describe('/pay_init', () => {
  it('a card provider: C70 with the months and the total shown, then the card form with its client secret', async () => {
    const user = userEvent.setup();
    renderApp('/pay_init');
    await user.click(await screen.findByRole('combobox', { name: 'Mesi di abbonamento' }));
    await user.click(await screen.findByRole('option', { name: '3 mesi' }));
    expect(screen.getByTestId('pay-total')).toHaveTextContent('59,70');
    expect(screen.getByRole('button', { name: 'Paga con Sandbox (prova)' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Paga con Carta (Stripe)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento con carta' });
    expect(dialog).toHaveTextContent('pk_test_123 pi_42_secret_abc 59,70 € 3');
    expect(calls).toHaveLength(1);
    expect(queryOf(calls[0]!.url)).toEqual({
      quantity: '3',
      amount: '5970',
      purchasing_item_id: 'subscription',
      charge_type: 'subscription',
    });
    expect(sessionStorage.getItem('gestionale.payment_provider')).toBe('stripe');
  });
});

describe('/pay_return', () => {
  it('back from the card form: C71 with the PaymentIntent, then the new expiry', async () => {
    renderApp(
      '/pay_return?provider=stripe&payment_intent=pi_42&payment_intent_client_secret=pi_42_secret_abc&redirect_status=succeeded',
    );
    const done = await screen.findByRole('status');
    expect(within(done).getByText('Pagamento completato')).toBeInTheDocument();
    expect(done).toHaveTextContent('Il tuo abbonamento ora scade il 31-03-2027.');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: expect.stringMatching(/\/api\/stripe\/process_confirmed_payment_intent$/),
        body: { payment_intent_id: 'pi_42' },
      },
    ]);
  });

  it('a card refused by its bank says so and asks the server nothing', async () => {
    renderApp('/pay_return?provider=stripe&payment_intent=pi_43&redirect_status=failed');
    expect(await screen.findByText(/Il pagamento con carta non è andato a buon fine/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Riprova' })).toHaveAttribute('href', '/pay_init');
    // the page asks at once when it asks (no timer)
    await negativeLook();
    expect(calls).toHaveLength(0);
  });

  it('back from a wallet: C68 with its token', async () => {
    sessionStorage.setItem('gestionale.payment_provider', 'sandbox');
    renderApp('/pay_return?token=SBX-1');
    expect(await screen.findByText('Il tuo abbonamento ora scade il 31-01-2027.')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ token: 'SBX-1' }]));
  });
});
