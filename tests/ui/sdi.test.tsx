/**
 * SdI on the e-invoices (issue 28), the whole <App/> against a mocked API (msw; unknown calls fail
 * the test): the list's declared status column and filter; 'Invia a SdI' on the selection (the
 * confirm says the simulator, the ids posted, the notice, the list read again) and its 422 (each
 * refused invoice with its reasons, nothing lost, the selection kept); a delivered invoice's editor
 * read-only with its banner, the credit note still there, and its 'Storico SdI' (NS errors, RC,
 * the XML of an event); a rejected one editable with what to do, sent again from the editor; the
 * status of an invoice on its way re-read until its outcome arrives.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { SDI_STATUSES } from '../../model/models/EDocument';
import { location, login, logout, renderApp, shellHandlers } from './harness';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

type Row = Record<string, unknown>;

const META = {
  can_add_new: true,
  expand_field: null,
  is_selectable: true,
  is_erasable: true,
  disable_edit_item: false,
  items: {},
};
const listAnswer = (data: Row[]) =>
  HttpResponse.json({
    data,
    meta: { total: data.length, current_page: 1, per_page: 200, last_page: 1 },
    item_meta_data: META,
  });

const invoice = (id: number, number: string, sdi_status: string): Row => ({
  id,
  number,
  type: 'TD01',
  date: '2026-11-20',
  year: 2026,
  customer_id: 7,
  customer: { id: 7, label: 'Rossi Srl' },
  taxable: 100,
  tax: 22,
  total: 122,
  sdi_status,
  trashed: false,
  updated_at: '2026-11-20 10:00:00.000',
});
const ROWS = [invoice(1, '101', 'bozza'), invoice(2, '102', 'consegnata'), invoice(3, '103', 'scartata')];

const STUDIO = { id: 1, name: 'Studio Demo', fiscal_regime: 'RF01', withholding_tax: false, cassa_previdenza: false };
const DOC = {
  id: 5,
  studioId: 1,
  customerId: 7,
  customer: { id: 7, business_name: 'Rossi Srl' },
  documentType: 'TD01',
  documentDate: '2026-11-20',
  documentNumber: '5',
  correctsId: null,
  corrects: null,
  serviceRows: [
    {
      id: 51,
      studio_service_id: null,
      description: 'Consulenza fiscale',
      quantity: 1,
      price: '120.50',
      vat: 22,
      nature: null,
    },
  ],
  totals: { taxable: 12050, cassa: 0, tax: 2651, withholding: 0, stampDuty: 0, total: 14701, payable: 14701 },
  updated_at: '2026-11-20 10:00:00.000',
  trashed: false,
};
const NS_ERROR = { code: '00404', description: 'Fattura duplicata' };
const EVENTS = [
  {
    id: 11,
    kind: 'invio',
    at: '2026-11-20T10:05:00',
    // as the server wrote it before issue 45: the label again and the channel's raw id
    description: 'File inviato a SdI (simulatore: sim-8f3a2c)',
    errors: [],
    file_name: 'IT01234567890_00001.xml',
    has_xml: true,
  },
  {
    id: 12,
    kind: 'NS',
    at: '2026-11-20T10:20:00',
    description: 'File scartato',
    errors: [NS_ERROR],
    file_name: 'IT01234567890_00001_NS_001.xml',
    has_xml: true,
  },
  {
    id: 13,
    kind: 'invio',
    at: '2026-11-21T09:00:00',
    description: null,
    errors: [],
    file_name: 'IT01234567890_00002.xml',
    has_xml: true,
  },
  {
    id: 14,
    kind: 'RC',
    at: '2026-11-21T09:30:00',
    description: null,
    errors: [],
    file_name: 'IT01234567890_00002_RC_001.xml',
    has_xml: true,
  },
];
const REFUSED = {
  message:
    '2 fatture non possono essere inviate a SdI: correggile o toglile dalla selezione e riprova (nessuna fattura è stata inviata)',
  errors: {
    ids: [
      'Fattura n. 101: il cliente non ha né codice destinatario SDI né PEC: SdI non saprebbe a chi recapitarla',
      'Fattura n. 102: è già stata inviata a SdI (stato: Consegnata): per correggerla emetti una nota di credito; manca il CAP',
    ],
  },
};

interface Api {
  lists: URL[];
  /** the list's rows at its read number n (from 0) */
  rows: (read: number) => Row[];
  sends: Row[];
  sendAnswer: () => Response;
  /** the SdI status answer of a read (its number from 0) */
  timeline: (read: number) => { status: string; events: typeof EVENTS };
  timelineReads: number;
  xmlReads: string[];
  puts: number;
  /** the document's version: a save makes a new one (the editor then shows the saved document) */
  version: string;
  /** what the document read differs in from DOC */
  doc: Partial<typeof DOC>;
}
const fresh = (): Api => ({
  lists: [],
  rows: () => ROWS,
  sends: [],
  sendAnswer: () => HttpResponse.json({ data: { queued: 2, channel: 'simulator' } }, { status: 202 }),
  timeline: () => ({ status: 'consegnata', events: EVENTS }),
  timelineReads: 0,
  xmlReads: [],
  puts: 0,
  version: DOC.updated_at,
  doc: {},
});
let api = fresh();

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/list/EDocument/:collection', ({ request }) => {
    api.lists.push(new URL(request.url));
    return listAnswer(api.rows(api.lists.length - 1));
  }),
  http.get('*/api/list/Customer/:collection', () =>
    listAnswer([{ id: 7, label: 'Rossi Srl', business_name: 'Rossi Srl' }]),
  ),
  // the editor's customer card: whether it withholds
  http.get('*/api/customers/:id', ({ params }) =>
    HttpResponse.json({ data: { id: Number(params.id), business_name: 'Rossi Srl', vat_id: '02000010013' } }),
  ),
  http.get('*/api/sdi/channel', () => HttpResponse.json({ data: { channel: 'simulator' } })),
  http.post('*/api/sdi/send', async ({ request }) => {
    api.sends.push((await request.json()) as Row);
    return api.sendAnswer();
  }),
  http.get('*/api/sdi/edocument/:id', () => {
    return HttpResponse.json({ data: api.timeline(api.timelineReads++) });
  }),
  http.get('*/api/sdi_event/:id/actions/xml', ({ params }) => {
    api.xmlReads.push(String(params.id));
    return new HttpResponse('<RicevutaConsegna/>', {
      headers: {
        'Content-Type': 'application/xml',
        'Content-Disposition': 'attachment; filename="IT01234567890_00002_RC_001.xml"',
      },
    });
  }),
  // the editor
  http.get('*/api/edocuments_studio', () => HttpResponse.json({ data: STUDIO })),
  http.get('*/api/studio_services', () => HttpResponse.json({ data: [] })),
  http.get('*/api/edocument_types', () =>
    HttpResponse.json({
      data: [
        { value: 'TD01', text: 'Fattura' },
        { value: 'TD04', text: 'Nota di Credito' },
      ],
    }),
  ),
  http.get('*/api/edocuments_suggested_number', () => HttpResponse.json({ data: '6' })),
  http.get('*/api/edocument/:id', ({ params }) =>
    HttpResponse.json({ data: { ...DOC, ...api.doc, id: Number(params.id), updated_at: api.version } }),
  ),
  http.put('*/api/edocument/:id', ({ params }) => {
    api.puts++;
    api.version = '2026-11-20 11:00:00.000';
    return HttpResponse.json({ data: { eDocumentId: Number(params.id), updated_at: api.version } });
  }),
  http.get('*/api/edocuments/:id/actions/validate_xml', () =>
    HttpResponse.json({ message: 'La fattura è valida', details: [] }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api = fresh();
  vi.mocked(saveAs).mockClear();
  login('Collaboratore');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

type User = ReturnType<typeof userEvent.setup>;
const row = (number: string) =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .find((r) => within(r).queryByText(number)) as HTMLElement;

async function openList() {
  renderApp('/table/EDocument');
  await screen.findByText('103');
}
async function select(user: User, ...numbers: string[]) {
  for (const n of numbers) await user.click(within(row(n)).getByRole('checkbox', { name: 'Seleziona questa riga' }));
}
const selectionBar = (n: number) => screen.findByRole('toolbar', { name: `Azioni sui ${n} elementi selezionati` });

describe('the e-invoices list', () => {
  it("shows each invoice's SdI status as declared, and filters by it", async () => {
    const user = userEvent.setup();
    await openList();
    expect(screen.getByRole('columnheader', { name: /Stato/ })).toBeInTheDocument();
    expect(within(row('101')).getByText('Bozza')).toBeInTheDocument();
    expect(within(row('102')).getByText('Consegnata')).toBeInTheDocument();
    expect(within(row('103')).getByText('Scartata')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Filtri/ }));
    const filter = await screen.findByRole('group', { name: 'Stato SdI' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...SDI_STATUSES.map((s) => s.text), 'Tutti']);
    const before = api.lists.length;
    await user.click(within(filter).getByRole('button', { name: 'Scartata' }));
    await waitFor(() => {
      const last = api.lists.slice(before).at(-1);
      const specs = JSON.parse(last?.searchParams.get('filters') ?? '[]') as Array<{ name: string; val: unknown[] }>;
      expect(specs.find((s) => s.name === 'sdi_status')?.val).toEqual(['scartata']);
    });
  });
});

describe("'Invia a SdI' on the selection", () => {
  it('confirms (saying the simulator), posts the selected ids, notifies and reads the list again', async () => {
    const user = userEvent.setup();
    await openList();
    await select(user, '101', '103');
    const bar = await selectionBar(2);
    await user.click(await within(bar).findByRole('button', { name: 'Invia a SdI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invia a SdI' });
    expect(dialog).toHaveTextContent('Inviare 2 fatture a SdI?');
    expect(
      await within(dialog).findByText(
        "Simulatore SdI: le fatture non arrivano davvero all'Agenzia delle Entrate; le ricevute sono simulate",
      ),
    ).toBeInTheDocument();
    expect(api.sends).toHaveLength(0);
    const lists = api.lists.length;
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));

    expect(await screen.findByText('2 fatture in invio a SdI')).toBeInTheDocument();
    expect(api.sends).toEqual([{ ids: [1, 3] }]);
    await waitFor(() => expect(api.lists.length).toBeGreaterThan(lists));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invia a SdI' })).toBeNull());
  });

  it('Annulla sends nothing', async () => {
    const user = userEvent.setup();
    await openList();
    await select(user, '101');
    const bar = await selectionBar(1);
    await user.click(await within(bar).findByRole('button', { name: 'Invia a SdI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invia a SdI' });
    expect(dialog).toHaveTextContent('Inviare 1 fattura a SdI?');
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invia a SdI' })).toBeNull());
    expect(api.sends).toHaveLength(0);
  });

  it('a 422 lists each refused invoice with its reasons, and the selection stays', async () => {
    const user = userEvent.setup();
    api.sendAnswer = () => HttpResponse.json(REFUSED, { status: 422 });
    await openList();
    await select(user, '101', '102');
    const bar = await selectionBar(2);
    await user.click(await within(bar).findByRole('button', { name: 'Invia a SdI' }));
    const confirm = await screen.findByRole('dialog', { name: 'Invia a SdI' });
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Invia' })).toBeEnabled());
    await user.click(within(confirm).getByRole('button', { name: 'Invia' }));

    const dialog = await screen.findByRole('dialog', { name: "Fatture da correggere prima dell'invio" });
    expect(dialog).toHaveTextContent(REFUSED.message);
    expect(
      within(within(dialog).getByRole('list', { name: 'Fatture non inviabili' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(REFUSED.errors.ids);
    expect(api.sends).toEqual([{ ids: [1, 2] }]);
    expect(screen.queryByText(/in invio a SdI/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Ho Capito' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the selection is kept, to correct or leave out the refused ones
    expect(await selectionBar(2)).toBeInTheDocument();
    expect(within(row('101')).getByRole('checkbox', { name: 'Seleziona questa riga' })).toBeChecked();
    expect(within(row('102')).getByRole('checkbox', { name: 'Seleziona questa riga' })).toBeChecked();
  });

  it("another refusal is notified with the server's message", async () => {
    const user = userEvent.setup();
    api.sendAnswer = () =>
      HttpResponse.json({ message: 'Nessun intermediario SdI configurato: imposta ACUBE_EMAIL' }, { status: 503 });
    await openList();
    await select(user, '101');
    const bar = await selectionBar(1);
    await user.click(await within(bar).findByRole('button', { name: 'Invia a SdI' }));
    const confirm = await screen.findByRole('dialog', { name: 'Invia a SdI' });
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Invia' })).toBeEnabled());
    await user.click(within(confirm).getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText('Nessun intermediario SdI configurato: imposta ACUBE_EMAIL')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: "Fatture da correggere prima dell'invio" })).toBeNull();
  });
});

const form = () => document.querySelector('#main-content form') as HTMLElement;
const history = () => screen.getByRole('region', { name: 'Storico SdI' });

describe("an invoice's editor", () => {
  it("a delivered invoice is read-only with its banner, keeps the credit note, and shows its 'Storico SdI'", async () => {
    const user = userEvent.setup();
    renderApp('/scheda_EDocument/5');
    expect(
      await screen.findByText(
        'Fattura inviata a SdI: non è più modificabile. Per correggerla emetti una nota di credito.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Cliente/ })).toHaveValue('Rossi Srl'));
    // fields and save disabled, not hidden
    expect(within(form()).getByRole('button', { name: 'Salva' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^Cliente/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Numero/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Descrizione/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Descrizione/ })).toHaveValue('Consulenza fiscale');
    expect(screen.getByRole('textbox', { name: /^Prezzo/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Prezzo/ })).toHaveValue('120,50');
    expect(screen.getByRole('button', { name: 'Aggiungi riga' })).toBeDisabled();
    // nothing to send again
    expect(screen.queryByRole('button', { name: 'Invia a SdI' })).toBeNull();

    // the history: the status as the list shows it, each event in Italian with its date and time
    const section = history();
    expect(within(section).getByText('Consegnata')).toBeInTheDocument();
    const list = within(section).getByRole('list', { name: 'Eventi SdI' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      'File inviato a SdI del 20/11/2026 10:05',
      'Notifica di scarto del 20/11/2026 10:20',
      'File inviato a SdI del 21/11/2026 09:00',
      'Ricevuta di consegna del 21/11/2026 09:30',
    ]);
    expect(within(items[1]!).getByText('00404 — Fattura duplicata')).toBeInTheDocument();
    // the sending says through what, once, without the channel's raw id (issue 45 item 17)
    expect(within(items[0]!).getAllByText(/File inviato a SdI/)).toHaveLength(1);
    expect(within(items[0]!).getByText('Tramite il simulatore SdI (prova: nessun invio reale)')).toBeInTheDocument();
    expect(within(items[0]!).queryByText(/sim-8f3a2c/)).toBeNull();
    expect(within(section).getAllByRole('button', { name: /^Scarica XML/ })).toHaveLength(4);
    await user.click(within(items[3]!).getByRole('button', { name: /^Scarica XML/ }));
    await waitFor(() => expect(vi.mocked(saveAs)).toHaveBeenCalledTimes(1));
    expect(api.xmlReads).toEqual(['14']);
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('IT01234567890_00002_RC_001.xml');

    // the credit note stays usable
    const credit = screen.getByRole('button', { name: 'Crea nota di credito' });
    expect(credit).toBeEnabled();
    await user.click(credit);
    await waitFor(() => expect(location.current.pathname).toBe('/EDocument/create'));
    expect(location.current.search).toBe('?corrects=5');
  });

  it('a rejected invoice stays editable with what to do, and is sent again from the editor', async () => {
    const user = userEvent.setup();
    let status = 'scartata';
    api.timeline = () => ({ status, events: EVENTS.slice(0, 2) });
    api.sendAnswer = () => {
      status = 'in_invio';
      return HttpResponse.json({ data: { queued: 1, channel: 'simulator' } }, { status: 202 });
    };
    renderApp('/scheda_EDocument/5');
    expect(
      await screen.findByText(
        'Scartata da SdI: correggi la fattura e inviala di nuovo (entro 5 giorni con lo stesso numero e data, poi con un nuovo numero e la data di oggi).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/non è più modificabile/)).toBeNull();
    const description = screen.getByRole('textbox', { name: /^Descrizione/ });
    expect(description).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Aggiungi riga' })).toBeEnabled();
    expect(within(history()).getByText('Scartata')).toBeInTheDocument();
    expect(within(history()).getByText('00404 — Fattura duplicata')).toBeInTheDocument();

    // corrected and saved
    await user.clear(description);
    await user.type(description, 'Consulenza fiscale 2026');
    const save = within(form()).getByRole('button', { name: 'Salva' });
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(api.puts).toBe(1));
    expect(await screen.findByText('Fattura aggiornata')).toBeInTheDocument();

    // then sent again: one invoice, and the editor locks as it leaves
    await user.click(await screen.findByRole('button', { name: 'Invia a SdI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invia a SdI' });
    expect(dialog).toHaveTextContent('Inviare 1 fattura a SdI?');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Invia' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText('1 fattura in invio a SdI')).toBeInTheDocument();
    expect(api.sends).toEqual([{ ids: [5] }]);
    expect(
      await screen.findByText(
        'Fattura inviata a SdI: non è più modificabile. Per correggerla emetti una nota di credito.',
      ),
    ).toBeInTheDocument();
    expect(within(history()).getByText('In invio')).toBeInTheDocument();
    expect(within(form()).getByRole('button', { name: 'Salva' })).toBeDisabled();
    expect(within(form()).getByRole('button', { name: 'Salva' })).toHaveAttribute(
      'title',
      'Fattura inviata a SdI: non è più modificabile. Per correggerla emetti una nota di credito.',
    );
  });

  it('a delivered credit note is read-only, says a new invoice corrects it, and offers no credit note of itself', async () => {
    api.doc = { documentType: 'TD04' };
    renderApp('/scheda_EDocument/5');
    expect(
      await screen.findByText(
        'Nota di credito inviata a SdI: non è più modificabile. Per correggerla emetti una nuova fattura.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Per correggerla emetti una nota di credito/)).toBeNull();
    await waitFor(() => expect(within(form()).getByRole('button', { name: 'Salva' })).toBeDisabled());
    // the disabled Save button's tooltip says the same, not the invoice's words
    expect(within(form()).getByRole('button', { name: 'Salva' })).toHaveAttribute(
      'title',
      'Nota di credito inviata a SdI: non è più modificabile. Per correggerla emetti una nuova fattura.',
    );
    expect(within(form()).queryByRole('button', { name: /nota di credito/i })).toBeNull();
  });

  it('the status of an invoice on its way is read again until its outcome arrives', async () => {
    api.timeline = (read) =>
      read === 0
        ? { status: 'inviata', events: EVENTS.slice(0, 1) }
        : { status: 'consegnata', events: [EVENTS[0]!, { ...EVENTS[3]!, id: 15 }] };
    renderApp('/scheda_EDocument/5');
    expect(
      await within(await screen.findByRole('region', { name: 'Storico SdI' })).findByText('Inviata'),
    ).toBeInTheDocument();
    // no reload: the outcome arrives by itself
    expect(await within(history()).findByText('Consegnata', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(history()).getByText('Ricevuta di consegna')).toBeInTheDocument();
    expect(screen.queryByText(/non è più modificabile/)).not.toBeNull();
  });
});

describe("the e-invoices list follows 'Stato SdI'", () => {
  it('issue 45 item 14: an invoice on its way is read again until its outcome arrives, without a reload', async () => {
    api.rows = (read) => [
      invoice(1, '101', read === 0 ? 'inviata' : 'consegnata'),
      invoice(3, '103', read === 0 ? 'in_invio' : 'scartata'),
    ];
    renderApp('/table/EDocument');
    expect(await within(await waitFor(() => row('101'))).findByText('Inviata')).toBeInTheDocument();
    expect(await within(row('101')).findByText('Consegnata', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(row('103')).getByText('Scartata')).toBeInTheDocument();
  });
});
