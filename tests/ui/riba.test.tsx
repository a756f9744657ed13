/**
 * 'Presenta RiBa' (issue 47 item 5), the whole <App/> against a mocked API (msw; unknown calls
 * fail the test), shaped as the 'Incassa con SDD' tests (tests/ui/collections.test.tsx): the
 * preview asked with the dates, the way of crediting and the account (the accounts offered with
 * their SIA code), its receipts with their totals, the customers to fix with their reasons and a
 * link to their card, those who pay otherwise apart; 'Crea presentazione' with the preview's
 * fingerprint and the file offered; a 409 shown with the preview read again; a 422 on its field;
 * a presentation's dialog: 'Segna insolute' with the receipts chosen, the reason and the fee,
 * 'Registra accredito' with its date, 'Importa insoluti' with the file and the fee, and the
 * cancellation after a question.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { login, logout, renderApp, shellHandlers } from './harness';
import { CHANGED_TEXT } from '../../src/areas/collections/RibaPresent';
import { displayDate, today } from '../../model/dates';
import { MENU } from '../../model/menu';
import type { RibaPlan, RibaPresentation, RibaPresentationDetail, RibaReceiptRow } from '../../model/api/collections';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

// ---------------------------------------------------------------------------------------------
// fixtures

const ACCOUNT = { id: 3, name: 'BPER Banca — conto incassi', iban: 'IT60X0542811101000000123456', sia: 'A1B2C' };

const plan = (fingerprint: string, receipts = 2): RibaPlan => ({
  due_from: '2026-03-01',
  due_to: '2026-03-31',
  kind: 'dopo_incasso',
  account: ACCOUNT,
  receipts: Array.from({ length: receipts }, (_x, i) => ({
    customer_id: 10 + i,
    business_name: `Cliente ${i + 1} S.r.l.`,
    due: i === 0 ? '2026-03-15' : '2026-03-31',
    amount: 120 + i * 10,
    iban: `IT02A030690960510000000${1000 + i}`,
    abi: '03069',
    cab: `0960${i + 5}`,
    description: `Onorari marzo 2026 cliente ${i + 1}`,
    charges: [
      { charge_id: 500 + i, due: '2026-03-15', note: 'Onorario', open: 100 + i * 10 },
      { charge_id: 600 + i, due: '2026-03-15', note: 'Spese', open: 20 },
    ],
  })),
  left_out: [
    {
      customer_id: 98,
      business_name: 'Senza Banca S.r.l.',
      amount: 40,
      reasons: ["manca l'IBAN della sua banca, dove presentare la ricevuta: inseriscilo nella scheda del cliente"],
    },
  ],
  not_riba: [{ customer_id: 99, business_name: 'Paga Bonifico S.p.A.', amount: 75, reasons: ['paga con bonifico'] }],
  totals: { receipts, charges: receipts * 2, amount: receipts === 2 ? 250 : 120 },
  fingerprint,
});

const presentation = (over: Partial<RibaPresentation> = {}): RibaPresentation => ({
  id: 1,
  support_name: 'RB-SBF-010226-A1B2C',
  kind: 'sbf',
  status: 'presented',
  due_from: '2026-02-01',
  due_to: '2026-02-28',
  receipts: 3,
  total: 360,
  paid: 0,
  unpaid: 0,
  file_name: 'RIBA_RB-SBF-010226-A1B2C.txt',
  bank_account_name: ACCOUNT.name,
  created_at: '2026-02-01 10:00:00',
  created_by_name: 'Mario Rossi',
  cancelled_at: null,
  ...over,
});
const NEW_PRESENTATION = presentation({
  id: 3,
  support_name: 'RB-DI-020326-A1B2C',
  kind: 'dopo_incasso',
  due_from: '2026-03-01',
  due_to: '2026-03-31',
  receipts: 2,
  total: 250,
  file_name: 'RIBA_RB-DI-020326-A1B2C.txt',
  created_at: '2026-03-02 09:00:00',
});
const OLD_PRESENTATIONS = [
  presentation(),
  presentation({ id: 2, support_name: 'RB-SBF-020126-A1B2C', status: 'closed', paid: 2, unpaid: 1 }),
];
const receipt = (number: number, over: Partial<RibaReceiptRow> = {}): RibaReceiptRow => ({
  number,
  customer_id: number - 90,
  business_name: `Cliente ${number - 100} S.r.l.`,
  due: '2026-02-15',
  amount: 120,
  charges: 1,
  status: 'presented',
  paid_on: null,
  unpaid_on: null,
  unpaid_reason: null,
  fee: null,
  ...over,
});
const DETAIL: RibaPresentationDetail = {
  ...presentation({ paid: 1, unpaid: 1 }),
  receipt_list: [
    receipt(101),
    receipt(102, { status: 'paid', paid_on: '2026-02-16' }),
    receipt(103, { status: 'unpaid', unpaid_on: '2026-02-17', unpaid_reason: 'Conto estinto', fee: 3.5 }),
  ],
};

// ---------------------------------------------------------------------------------------------
// the mocked API

interface Call {
  path: string;
  body?: unknown;
}
let calls: Call[] = [];
let presentations: RibaPresentation[] = [];
let detail: RibaPresentationDetail = DETAIL;
let previewAnswer: () => Response;
let createAnswer: () => Response;
let actionAnswer: (action: string) => Response;
const took = (path: string) => calls.filter((c) => c.path === path);

const server = setupServer(
  ...shellHandlers,
  http.post('*/api/riba/preview', async ({ request }) => {
    calls.push({ path: 'preview', body: await request.json() });
    return previewAnswer();
  }),
  http.post('*/api/riba/presentations', async ({ request }) => {
    calls.push({ path: 'create', body: await request.json() });
    return createAnswer();
  }),
  http.get('*/api/riba/presentations', () => HttpResponse.json({ data: presentations })),
  http.get('*/api/riba/presentations/:id', ({ params }) => {
    calls.push({ path: `detail ${params.id}` });
    return HttpResponse.json({ data: detail });
  }),
  http.get('*/api/riba_presentation/:id/actions/file', ({ params }) => {
    calls.push({ path: `file ${params.id}` });
    return new HttpResponse('IB A1B2C03069...', {
      headers: {
        'Content-Type': 'text/plain',
        'Content-Disposition': `attachment; filename="${NEW_PRESENTATION.file_name}"`,
      },
    });
  }),
  http.post('*/api/riba_presentation/:id/actions/collected', async ({ request, params }) => {
    calls.push({ path: `collected ${params.id}`, body: await request.json() });
    return actionAnswer('collected');
  }),
  http.post('*/api/riba_presentation/:id/actions/unpaid', async ({ request, params }) => {
    calls.push({ path: `unpaid ${params.id}`, body: await request.json() });
    return actionAnswer('unpaid');
  }),
  http.post('*/api/riba_presentation/:id/actions/unpaid_file', async ({ request, params }) => {
    const form = await request.formData();
    calls.push({ path: `unpaid_file ${params.id}`, body: { fee: form.get('fee'), fields: [...form.keys()] } });
    return actionAnswer('unpaid_file');
  }),
  http.post('*/api/riba_presentation/:id/actions/cancel', ({ params }) => {
    calls.push({ path: `cancel ${params.id}` });
    presentations = presentations.map((p) =>
      p.id === Number(params.id) ? { ...p, status: 'cancelled', cancelled_at: '2026-03-02 10:00:00' } : p,
    );
    return HttpResponse.json({ data: presentations.find((p) => p.id === Number(params.id)) });
  }),
  // the studio's accounts: with a SIA code, without one, without an IBAN
  http.get('*/api/list/BankAccount/:collection', () =>
    HttpResponse.json({
      data: [
        { ...ACCOUNT, sdd_format: 'cbi_00_01_01' },
        { id: 7, name: 'Banca Senza SIA', iban: 'IT03K0306903204000000000042', sia: null, sdd_format: null },
        { id: 9, name: 'Cassa contanti', iban: null, sia: null, sdd_format: null },
      ],
      meta: { total: 3, current_page: 1, per_page: 200, last_page: 1 },
      item_meta_data: {},
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls = [];
  presentations = [...OLD_PRESENTATIONS];
  detail = DETAIL;
  previewAnswer = () => HttpResponse.json({ data: plan('f1') });
  createAnswer = () => {
    presentations = [NEW_PRESENTATION, ...presentations];
    return HttpResponse.json({ data: NEW_PRESENTATION }, { status: 201 });
  };
  actionAnswer = () => HttpResponse.json({ data: detail });
  vi.mocked(saveAs).mockClear();
  login('Collaboratore');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(text)) as HTMLElement;

/** The screen with March 2026 typed in its dates. */
async function openWithMarch(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/presenta_riba');
  const from = await screen.findByLabelText('Scadenze dal');
  await user.clear(from);
  await user.type(from, '2026-03-01');
  const to = screen.getByLabelText('Scadenze al');
  await user.clear(to);
  await user.type(to, '2026-03-31');
}

/** The dialog of the first presentation of the list. */
async function openDetail(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/presenta_riba');
  const list = await screen.findByRole('table', { name: 'Presentazioni' });
  await user.click(within(list).getByRole('button', { name: 'Dettaglio della presentazione RB-SBF-010226-A1B2C' }));
  const dialog = await screen.findByRole('dialog', { name: 'Presentazione RB-SBF-010226-A1B2C' });
  const table = await within(dialog).findByRole('table', { name: 'Ricevute della presentazione' });
  return { dialog, table };
}

// ---------------------------------------------------------------------------------------------

describe('Presenta RiBa', () => {
  it("is in the menu right after 'Incassa con SDD', for the Collaboratore, with its title", async () => {
    const entries = MENU.find((g) => g.title === 'Contabilità')!.children!;
    const at = entries.findIndex((e) => e.link === '/incassa_sdd');
    expect(entries[at + 1]).toMatchObject({ title: 'Presenta RiBa', link: '/presenta_riba', role: 'Collaboratore' });
    renderApp('/presenta_riba');
    expect(await screen.findByRole('heading', { name: '1. Scadenze da presentare' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Presenta RiBa - /));
    expect(screen.getByRole('link', { name: 'Presentazioni RiBa' })).toHaveAttribute('href', '/table/RibaPresentation');
    // this month by default, salvo buon fine
    expect((screen.getByLabelText('Scadenze dal') as HTMLInputElement).value).toMatch(/^01-\d{2}-\d{4}$/);
    expect(screen.getByRole('combobox', { name: 'Accredito' })).toHaveTextContent('Salvo buon fine');
  });

  it("the preview is asked with the dates, the crediting and the account; it lists the receipts, totals and the customers left out; 'Crea presentazione' sends the fingerprint and offers the file", async () => {
    const user = userEvent.setup();
    await openWithMarch(user);
    // the kind of crediting
    await user.click(screen.getByRole('combobox', { name: 'Accredito' }));
    await user.click(await screen.findByRole('option', { name: 'Al dopo incasso' }));
    // the accounts with their SIA; one without a SIA cannot be chosen, one without an IBAN is not offered
    await user.click(screen.getByRole('combobox', { name: 'Conto di presentazione' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      "Il conto con l'IBAN dello studio (Il mio studio)",
      'BPER Banca — conto incassi — IT60X0542811101000000123456 (SIA A1B2C)',
      'Banca Senza SIA — IT03K0306903204000000000042 (senza codice SIA)',
    ]);
    expect(options[2]).toHaveAttribute('aria-disabled', 'true');
    await user.click(options[1]!);
    // the past presentations are listed below
    const list = await screen.findByRole('table', { name: 'Presentazioni' });
    expect(rowOf(list, 'RB-SBF-020126-A1B2C')).toHaveTextContent('2 / 1');

    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    const table = await screen.findByRole('table', { name: 'Ricevute RiBa' });
    expect(took('preview')[0]!.body).toEqual({
      due_from: '2026-03-01',
      due_to: '2026-03-31',
      kind: 'dopo_incasso',
      bank_account_id: 3,
    });
    // header, two receipts, the totals
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const first = rowOf(table, 'Cliente 1 S.r.l.');
    for (const text of ['15-03-2026', '03069/09605', 'Onorari marzo 2026 cliente 1'])
      expect(within(first).getByText(text)).toBeInTheDocument();
    expect(first).toHaveTextContent('120,00 €');
    expect(rowOf(table, 'Cliente 2 S.r.l.')).toHaveTextContent('130,00 €');
    expect(rowOf(table, 'Totale: 2 ricevute')).toHaveTextContent('250,00 €');
    expect(screen.getByText(/2 ricevute per 4 addebiti: totale 250,00 €/)).toHaveTextContent(
      /sul conto BPER Banca — conto incassi IT60X0542811101000000123456 \(codice SIA A1B2C\)/,
    );
    // the customers to fix, each a link to its card; those who pay otherwise apart
    expect(screen.getByText("Esclusi (1): correggi i loro dati e rifai l'anteprima")).toBeInTheDocument();
    const left = screen.getByRole('table', { name: 'Esclusi' });
    const fix = rowOf(left, 'Senza Banca S.r.l.');
    expect(fix).toHaveTextContent("manca l'IBAN della sua banca, dove presentare la ricevuta");
    expect(within(fix).getByRole('link', { name: 'Senza Banca S.r.l.' })).toHaveAttribute('href', '/Customer/98');
    expect(within(left).queryByText('Paga Bonifico S.p.A.')).toBeNull();
    expect(screen.getByText(/Non pagano con RiBa \(1, 75,00 €\): pagano con altri mezzi/)).toBeInTheDocument();
    const others = screen.getByRole('table', { name: 'Non pagano con RiBa', hidden: true });
    expect(within(others).getByText('Paga Bonifico S.p.A.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Crea presentazione' }));
    const done = await screen.findByText(/Presentazione RB-DI-020326-A1B2C creata: 2 ricevute per 250,00 €/);
    expect(took('create')[0]!.body).toEqual({
      due_from: '2026-03-01',
      due_to: '2026-03-31',
      kind: 'dopo_incasso',
      bank_account_id: 3,
      fingerprint: 'f1',
    });
    // the preview is gone (nothing to create twice), the new presentation is in the list
    expect(screen.queryByRole('table', { name: 'Ricevute RiBa' })).toBeNull();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Presentazioni' })).getByText('RB-DI-020326-A1B2C'),
      ).toBeInTheDocument(),
    );
    const alert = done.closest('[role="status"]') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Scarica file RiBa' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('RIBA_RB-DI-020326-A1B2C.txt');
    expect(took('file 3')).toHaveLength(1);
  });

  it("a 409 on 'Crea presentazione': the message with the changed text, and the preview read again", async () => {
    const user = userEvent.setup();
    renderApp('/presenta_riba');
    await user.click(await screen.findByRole('button', { name: 'Anteprima' }));
    await screen.findByRole('table', { name: 'Ricevute RiBa' });
    createAnswer = () =>
      HttpResponse.json({ message: "Gli addebiti da presentare sono cambiati dopo l'anteprima." }, { status: 409 });
    previewAnswer = () => HttpResponse.json({ data: plan('f2', 1) });
    await user.click(screen.getByRole('button', { name: 'Crea presentazione' }));
    expect(
      await screen.findByText(`Gli addebiti da presentare sono cambiati dopo l'anteprima. ${CHANGED_TEXT}`),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Ricevute RiBa' })).getAllByRole('row')).toHaveLength(3),
    );
    expect(calls.filter((c) => ['preview', 'create'].includes(c.path)).map((c) => c.path)).toEqual([
      'preview',
      'create',
      'preview',
    ]);
    expect(screen.queryByText(/creata:/)).toBeNull();
    // the new preview is created with its own fingerprint
    await user.click(screen.getByRole('button', { name: 'Crea presentazione' }));
    await waitFor(() => expect(took('create')).toHaveLength(2));
    expect(took('create')[1]!.body).toMatchObject({ fingerprint: 'f2' });
  });

  it('a 422 of the preview: each message under its field, and no preview', async () => {
    const user = userEvent.setup();
    previewAnswer = () =>
      HttpResponse.json(
        {
          message: 'I dati inviati non sono validi',
          errors: {
            due_to: ['La scadenza finale è prima di quella iniziale'],
            bank_account_id: ['Il conto non ha il codice SIA: inseriscilo in Conti bancari'],
          },
        },
        { status: 422 },
      );
    renderApp('/presenta_riba');
    await user.click(await screen.findByRole('button', { name: 'Anteprima' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('I dati inviati non sono validi');
    expect(screen.getByLabelText('Scadenze al')).toHaveAccessibleDescription(
      'La scadenza finale è prima di quella iniziale',
    );
    expect(screen.getByRole('combobox', { name: 'Conto di presentazione' })).toHaveAccessibleDescription(
      'Il conto non ha il codice SIA: inseriscilo in Conti bancari',
    );
    expect(screen.getByLabelText('Scadenze dal')).not.toHaveAccessibleDescription(/scadenza/);
    expect(screen.queryByRole('table', { name: 'Ricevute RiBa' })).toBeNull();
  });
});

describe("'Presentazioni': a presentation's receipts and what the bank says of them", () => {
  it("the receipts with their status, reason and fee; 'Segna insolute' posts the receipts chosen, the reason and the fee", async () => {
    const user = userEvent.setup();
    const { dialog, table } = await openDetail(user);
    const unpaid = rowOf(table, 'Cliente 3 S.r.l.');
    expect(unpaid).toHaveTextContent(/103.*Cliente 3 S\.r\.l\..*15-02-2026.*120,00 €.*Insoluta.*Conto estinto.*3,50 €/);
    expect(within(rowOf(table, 'Cliente 2 S.r.l.')).getByText('Incassata')).toBeInTheDocument();
    expect(within(rowOf(table, 'Cliente 1 S.r.l.')).getByText('Presentata')).toBeInTheDocument();
    // an unpaid receipt cannot be chosen again; nothing chosen, nothing to mark
    expect(within(dialog).getByRole('checkbox', { name: 'Scegli la ricevuta 103' })).toBeDisabled();
    const section = within(dialog).getByRole('region', { name: 'Segna insolute' });
    const button = within(section).getByRole('button', { name: 'Segna insolute' });
    expect(button).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Scegli la ricevuta 101' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Scegli la ricevuta 102' }));
    await user.type(within(section).getByLabelText('Motivo'), 'Fondi insufficienti');
    await user.type(within(section).getByLabelText(/^Spese per ricevuta/), '4,50');
    const after: RibaPresentationDetail = {
      ...DETAIL,
      status: 'closed',
      paid: 0,
      unpaid: 3,
      receipt_list: DETAIL.receipt_list.map((r) =>
        r.number === 103
          ? r
          : { ...r, status: 'unpaid', unpaid_on: today(), unpaid_reason: 'Fondi insufficienti', fee: 4.5 },
      ),
    };
    actionAnswer = () => HttpResponse.json({ data: after });
    await user.click(button);
    await waitFor(() => expect(took('unpaid 1')).toHaveLength(1));
    expect(took('unpaid 1')[0]!.body).toEqual({
      numbers: [101, 102],
      date: today(),
      reason: 'Fondi insufficienti',
      fee: '4,50',
    });
    // the dialog shows the presentation as the server answered
    expect(await screen.findByText('2 ricevute segnate insolute')).toBeInTheDocument();
    await waitFor(() =>
      expect(rowOf(table, 'Cliente 1 S.r.l.')).toHaveTextContent(/Insoluta.*Fondi insufficienti.*4,50 €/),
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Scegli la ricevuta 101' })).not.toBeChecked();
  });

  it("a refusal of 'Segna insolute' is shown in Italian, its field's error under the field", async () => {
    const user = userEvent.setup();
    const { dialog } = await openDetail(user);
    actionAnswer = () =>
      HttpResponse.json(
        {
          message: "Data dell'insoluto non valida (GG/MM/AAAA), al più oggi",
          errors: { date: ["Data dell'insoluto non valida (GG/MM/AAAA), al più oggi"] },
        },
        { status: 422 },
      );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Scegli la ricevuta 101' }));
    const section = within(dialog).getByRole('region', { name: 'Segna insolute' });
    await user.click(within(section).getByRole('button', { name: 'Segna insolute' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent("Data dell'insoluto non valida");
    expect(within(section).getByLabelText("Data dell'insoluto")).toHaveAccessibleDescription(
      "Data dell'insoluto non valida (GG/MM/AAAA), al più oggi",
    );
  });

  it("'Registra accredito' posts the date of the credit (today unless changed)", async () => {
    const user = userEvent.setup();
    const { dialog, table } = await openDetail(user);
    const section = within(dialog).getByRole('region', { name: 'Registra accredito' });
    expect(section).toHaveTextContent("Salvo buon fine: con l'accredito della banca le ricevute presentate (1)");
    const date = within(section).getByLabelText("Data dell'accredito") as HTMLInputElement;
    expect(date.value).toBe(displayDate(today()));
    await user.clear(date);
    await user.type(date, '2026-02-20');
    actionAnswer = () =>
      HttpResponse.json({
        data: {
          ...DETAIL,
          paid: 2,
          receipt_list: DETAIL.receipt_list.map((r) =>
            r.number === 101 ? { ...r, status: 'paid', paid_on: '2026-02-20' } : r,
          ),
        },
      });
    await user.click(within(section).getByRole('button', { name: 'Registra accredito' }));
    await waitFor(() => expect(took('collected 1')).toHaveLength(1));
    expect(took('collected 1')[0]!.body).toEqual({ date: '2026-02-20' });
    expect(await screen.findByText('Accredito del 20-02-2026 registrato: 1 ricevuta incassata')).toBeInTheDocument();
    await waitFor(() => expect(rowOf(table, 'Cliente 1 S.r.l.')).toHaveTextContent(/Incassata.*il 20-02-2026/));
    // nothing left presented: nothing to credit
    expect(within(dialog).queryByRole('region', { name: 'Registra accredito' })).toBeNull();
  });

  it("'Importa insoluti' sends the bank's file with the fee", async () => {
    const user = userEvent.setup();
    const { dialog } = await openDetail(user);
    const section = within(dialog).getByRole('region', { name: 'Importa insoluti' });
    const button = within(section).getByRole('button', { name: 'Importa insoluti' });
    expect(button).toBeDisabled();
    await user.upload(
      within(section).getByLabelText('File degli insoluti della banca'),
      new File([' IBA1B2C03069'], 'insoluti.txt', { type: 'text/plain' }),
    );
    await user.type(within(section).getByLabelText(/^Spese per ricevuta insoluta/), '2,50');
    actionAnswer = () => HttpResponse.json({ data: { ...DETAIL, unpaid: 2 } });
    await user.click(button);
    await waitFor(() => expect(took('unpaid_file 1')).toHaveLength(1));
    expect(took('unpaid_file 1')[0]!.body).toEqual({ fee: '2,50', fields: ['fee', 'file'] });
    expect(await screen.findByText('Insoluti importati: 1 ricevuta insoluta')).toBeInTheDocument();
  });

  it('a presentation is cancelled after a question, only while no receipt is credited or unpaid', async () => {
    const user = userEvent.setup();
    renderApp('/presenta_riba');
    const list = await screen.findByRole('table', { name: 'Presentazioni' });
    expect(
      within(rowOf(list, 'RB-SBF-020126-A1B2C')).queryByRole('button', { name: /Annulla la presentazione/ }),
    ).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Annulla la presentazione RB-SBF-010226-A1B2C' }));
    const ask = await screen.findByRole('dialog', { name: 'Attenzione!!' });
    expect(ask).toHaveTextContent('Annullare la presentazione RB-SBF-010226-A1B2C (3 ricevute per 360,00 €)?');
    expect(took('cancel 1')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Sì, annulla la presentazione' }));
    await waitFor(() =>
      expect(
        within(rowOf(screen.getByRole('table', { name: 'Presentazioni' }), 'RB-SBF-010226-A1B2C')).getByText(
          'Annullata',
        ),
      ).toBeInTheDocument(),
    );
    expect(took('cancel 1')).toHaveLength(1);
  });
});
