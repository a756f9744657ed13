/**
 * 'Fattura addebiti' (`/fattura_addebiti`, issue 28 item 1) against a mocked API (msw): the
 * previous month proposed, the preview's invoices and skipped customers with their reasons, the
 * run sent with the preview's fingerprint (and the customers chosen in the bulk bar); a 422 shown
 * under its field; a 409 (the charges changed) shown with the preview read again.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { location, login, logout, renderApp, shellHandlers } from './harness';
import type { InvoicingPlan } from '../../model/api/invoicing';

const plan = (fingerprint: string, invoices = 2): InvoicingPlan => ({
  from: '2026-03-01',
  to: '2026-03-31',
  date: '2026-11-28',
  invoices: Array.from({ length: invoices }, (_x, i) => ({
    customer_id: 10 + i,
    business_name: `Cliente ${i + 1} S.r.l.`,
    number: String(41 + i),
    lines: [{ transaction_id: 100 + i, date: '2026-03-15', description: 'Spese di segreteria', amount: 25 }],
    // 25 € with the 4 % cassa, 22 % VAT and the 20 % withholding: 25 + 1 + 5,72 = 31,72 − 5 = 26,72
    fee: 25,
    cassa: 1,
    taxable: 26,
    tax: 5.72,
    stamp_duty: 0,
    total: 31.72,
    withholding: 5,
    payable: 26.72,
  })),
  skipped: [
    {
      customer_id: 99,
      business_name: 'Senza Indirizzo S.p.A.',
      charges: 1,
      amount: 125,
      reasons: ["manca l'indirizzo"],
    },
  ],
  totals: { invoices, lines: invoices, taxable: 26 * invoices, total: 31.72 * invoices, payable: 26.72 * invoices },
  fingerprint,
});

const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
let preview: () => Response = () => HttpResponse.json({ data: plan('f1') });
let run: () => Response = () => HttpResponse.json({ data: plan('f1') }, { status: 201 });
const server = setupServer(
  ...shellHandlers,
  http.post('*/api/invoicing/preview', async ({ request }) => {
    calls.push({ path: 'preview', body: (await request.json()) as Record<string, unknown> });
    return preview();
  }),
  http.post('*/api/invoicing/run', async ({ request }) => {
    calls.push({ path: 'run', body: (await request.json()) as Record<string, unknown> });
    return run();
  }),
  http.get('*/api/list/EDocument/*', () =>
    HttpResponse.json({ data: [], meta: { total: 0, page: 1, items_per_page: 200 } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  preview = () => HttpResponse.json({ data: plan('f1') });
  run = () => HttpResponse.json({ data: plan('f1') }, { status: 201 });
  login('Collaboratore');
});
afterEach(() => {
  server.resetHandlers();
  logout();
});

describe('Fattura addebiti', () => {
  it('the preview lists the invoices and the skipped customers; Emetti sends its fingerprint and opens the invoices', async () => {
    const user = userEvent.setup();
    renderApp('/fattura_addebiti');
    const from = await screen.findByLabelText('Dal');
    // the previous month is proposed, written GG-MM-AAAA by the app's own date field (issue 45 item 17)
    expect((from as HTMLInputElement).value).toMatch(/^01-\d{2}-\d{4}$/);
    await user.clear(from);
    await user.type(from, '2026-03-01');
    const to = screen.getByLabelText('Al');
    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    const table = await screen.findByRole('table', { name: 'Fatture da emettere' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Cliente 2 S.r.l.')).toBeInTheDocument();
    expect(screen.getByText(/2 fatture \(n\. 41–42\) con 2 addebiti/)).toBeInTheDocument();
    expect(screen.getByText(/netto a pagare 53,44 €/)).toBeInTheDocument();
    // each invoice says how its payable is made up (issue 45 item 16)
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual([
      'Numero',
      'Cliente',
      'Addebiti',
      'Compenso',
      'Cassa 4%',
      'IVA',
      'Bollo',
      'Totale',
      'Ritenuta',
      'Netto a pagare',
    ]);
    const first = within(table).getByText('Cliente 1 S.r.l.').closest('tr')!;
    for (const v of ['25,00 €', '1,00 €', '5,72 €', '31,72 €', '− 5,00 €', '26,72 €'])
      expect(within(first).getByText(v)).toBeInTheDocument();
    const skipped = screen.getByRole('table', { name: 'Clienti esclusi' });
    expect(within(skipped).getByText("manca l'indirizzo")).toBeInTheDocument();
    expect(calls[0]).toEqual({
      path: 'preview',
      body: expect.objectContaining({ from: '2026-03-01', to: '2026-03-31' }),
    });
    expect(calls[0]!.body.customer_ids).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Emetti 2 fatture' }));
    expect(await screen.findByText('Emesse 2 fatture: n. 41–42')).toBeInTheDocument();
    expect(calls[1]).toEqual({
      path: 'run',
      body: expect.objectContaining({ from: '2026-03-01', to: '2026-03-31', fingerprint: 'f1' }),
    });
    await waitFor(() => expect(location.current.pathname).toBe('/table/EDocument'));
  });

  it('opened from the bulk bar: only the chosen customers; a 422 is shown under its field', async () => {
    const user = userEvent.setup();
    preview = () =>
      HttpResponse.json(
        {
          message: 'La data delle fatture non può essere futura',
          errors: { date: ['La data delle fatture non può essere futura'] },
        },
        { status: 422 },
      );
    renderApp('/fattura_addebiti', [], { customerIds: [3, 7] });
    expect(await screen.findByText(/Solo i 2 clienti selezionati\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    const date = screen.getByLabelText('Data delle fatture');
    expect(await screen.findAllByText('La data delle fatture non può essere futura')).not.toHaveLength(0);
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(calls[0]!.body.customer_ids).toEqual([3, 7]);
    expect(screen.queryByRole('button', { name: /Emetti/ })).toBeNull();
  });

  it('a 409 on Emetti: the message, and the preview read again (nothing issued twice)', async () => {
    const user = userEvent.setup();
    renderApp('/fattura_addebiti');
    await user.click(await screen.findByRole('button', { name: 'Anteprima' }));
    await screen.findByRole('button', { name: 'Emetti 2 fatture' });
    run = () =>
      HttpResponse.json({ message: "Gli addebiti da fatturare sono cambiati dopo l'anteprima" }, { status: 409 });
    preview = () => HttpResponse.json({ data: plan('f2', 1) });
    await user.click(screen.getByRole('button', { name: 'Emetti 2 fatture' }));
    expect(await screen.findByText("Gli addebiti da fatturare sono cambiati dopo l'anteprima")).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Emetti 1 fattura' })).toBeEnabled();
    expect(calls.map((c) => c.path)).toEqual(['preview', 'run', 'preview']);
    expect(location.current.pathname).toBe('/fattura_addebiti');
  });

  it('a period with nothing to invoice: the warning with the customers left out, and no invoice to issue', async () => {
    const user = userEvent.setup();
    preview = () => HttpResponse.json({ data: plan('f0', 0) });
    renderApp('/fattura_addebiti');
    await user.click(await screen.findByRole('button', { name: 'Anteprima' }));
    expect(
      await screen.findByText(
        'Nessuna fattura da emettere: nel periodo non ci sono addebiti da fatturare (tranne quelli dei clienti esclusi qui sotto).',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Fatture da emettere' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Clienti esclusi' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Emetti 0 fatture' })).toBeDisabled();
  });
});
