/**
 * The customer's AML file on his card (issue 48 items 1, 4, 7, 8), the whole <App/> against a
 * mocked API (msw; unknown calls fail the test): the tab 'Identificazione' — the identification in
 * force with its documents' expiry ('Scaduto', 'In scadenza'), its earlier versions, the form
 * prefilled from it or from the customer's record, the server's checks run before sending (no
 * POST), the server's 422 under its field with the dialog kept, the body posted, a scan uploaded
 * from the form — the tab 'File e documenti' (list, upload, the 10 MB check) and the Admin's
 * 'Note riservate'.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { login, negativeLook, renderApp, shellHandlers } from './harness';
import { helperText, quietCustomerCard, replaceText, seriousAxe, useFakeApi } from './journeys';
import { RECORD, type Row } from './customerForm';
import { addDays, today } from '../../model/dates';
import { fiscalCodeCheckChar } from '../../model/validators';
import type {
  AmlAssessment,
  AmlFile,
  AmlIdentification,
  AmlIdentificationInput,
  AmlNote,
  AmlNoteInput,
  CustomerAml,
} from '../../model/api/aml';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

// ---------------------------------------------------------------------------------------------
// fixtures

const cf = (first15: string) => first15 + fiscalCodeCheckChar(first15);
const CF_EXECUTOR = cf('BNCMRA70C15F205');
const CF_VERDI = cf('VRDNNA75D45F205');
const CF_ROSSI = cf('RSSLGU60E10H501');

const DATA: AmlIdentificationInput = {
  subject: 'persona_giuridica',
  executor: {
    name: 'Mario Bianchi',
    tax_code: CF_EXECUTOR,
    birth_date: '1970-03-15',
    birth_place: 'Milano',
    role: 'Legale rappresentante',
  },
  documents: [
    {
      holder: 'esecutore',
      type: 'carta_identita',
      number: 'CA12345AB',
      issuer: 'Comune di Milano',
      issued_on: '2021-06-01',
      expires_on: '2099-06-01',
      file_id: 11,
    },
  ],
  identified_on: '2025-01-10',
  method: 'presenza',
  owners: [
    {
      name: 'Anna Verdi',
      tax_code: CF_VERDI,
      share: 60,
      criterion: 'proprieta_diretta',
      source: 'registro_titolari',
      pep: false,
    },
    {
      name: 'Luigi Rossi',
      tax_code: CF_ROSSI,
      share: 40,
      criterion: 'proprieta_diretta',
      source: 'registro_imprese',
      pep: true,
    },
  ],
  pep: true,
  pep_details: 'Luigi Rossi, consigliere regionale',
  sanctions_checked_on: '2025-01-10',
  sanctions_outcome: 'negativo',
  sanctions_lists: 'UE, ONU',
  purpose: 'Tenuta della contabilità',
  nature: 'Rapporto continuativo',
  services: ['tenuta-contabilita'],
};

const identification = (over: Partial<AmlIdentification> & Pick<AmlIdentification, 'id'>): AmlIdentification => ({
  customer_id: 5,
  data: DATA,
  identified_on: DATA.identified_on,
  documents_expire_on: '2099-06-01',
  created_by_name: 'Laura Neri',
  created_at: '2025-01-10 09:30:00',
  ...over,
});

const IDENT = identification({ id: 2 });
const OLDER = identification({
  id: 1,
  data: { ...DATA, nature: 'Incarico occasionale', owners: [{ ...DATA.owners[0]!, share: 100 }] },
  created_by_name: 'Mario Rossi',
  created_at: '2023-05-02 16:00:00',
});

const SCAN: AmlFile = {
  id: 11,
  kind: 'documento',
  description: 'Carta d’identità di Mario Bianchi',
  original_filename: 'ci-bianchi.pdf',
  content_type: 'application/pdf',
  size: 245760,
  sha256: '3f786850e387550fdab836ed7e6dc881de23001b3f786850e387550fdab836ed',
  created_by_name: 'Laura Neri',
  created_at: '2025-01-10 09:20:00',
};

const ASSESSMENT: AmlAssessment = {
  id: 7,
  customer_id: 5,
  services: ['tenuta-contabilita', 'consulenza-bilancio'],
  customer_scores: { naturaGiuridica: 1, attivitaPrevalente: 2, comportamento: 1, areaGeografica: 1 },
  operation_scores: null,
  flags: {},
  inherent: 3,
  specific: 1.25,
  effective: 1.78,
  computed_level: 'semplificata',
  level: 'semplificata',
  level_reason: null,
  reasons: ['Rischio inerente 3 (Tenuta della contabilità).'],
  next_check: '2099-01-15',
  purpose: 'Contabilità e bilancio',
  pep: false,
  created_by_name: 'Mario Rossi',
  created_at: '2025-01-15 10:30:00',
};

const NOTE: AmlNote = {
  id: 4,
  kind: 'segnalazione',
  outcome: 'nessuna_azione',
  body: 'Versamenti in contanti giustificati dalla stagionalità.',
  created_by_name: 'Mario Rossi',
  created_at: '2025-02-01 12:00:00',
};

const fileOf = (over: Partial<CustomerAml> = {}): CustomerAml => ({
  customer_id: 5,
  current: ASSESSMENT,
  history: [ASSESSMENT],
  overdue: false,
  identification: IDENT,
  identifications: [IDENT, OLDER],
  files: [SCAN],
  notes: [NOTE],
  notes_allowed: true,
  ceased_on: null,
  kept_until: null,
  due: [],
  ...over,
});

// ---------------------------------------------------------------------------------------------
// the mocked API

let file: CustomerAml;
let record: Row;
let reads = 0;
let posts: AmlIdentificationInput[] = [];
let postAnswer: (body: AmlIdentificationInput) => Response;
/** the multipart uploads: their fields (jsdom's File reaches msw without its name and bytes) */
let uploads: Array<{ kind: string | null; description: string | null; fields: string[] }> = [];
let downloads: string[] = [];
let notePosts: AmlNoteInput[] = [];

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/customer/:id/aml', ({ params }) => {
    reads += 1;
    return HttpResponse.json({ data: { ...file, customer_id: Number(params.id) } });
  }),
  http.post('*/api/customer/:id/aml/identifications', async ({ request }) => {
    const body = (await request.json()) as AmlIdentificationInput;
    posts.push(body);
    return postAnswer(body);
  }),
  http.post('*/api/customer/:id/aml/files', async ({ request }) => {
    const form = await request.formData();
    uploads.push({
      kind: form.get('kind') as string | null,
      description: form.get('description') as string | null,
      fields: [...form.keys()],
    });
    const made: AmlFile = {
      ...SCAN,
      id: 20 + uploads.length,
      kind: form.get('kind') as AmlFile['kind'],
      description: (form.get('description') as string | null) ?? null,
      original_filename: `${form.get('kind')}-${uploads.length}.pdf`,
      size: 18,
      sha256: 'b'.repeat(64),
      created_by_name: 'Mario Rossi',
      created_at: '2026-03-02 10:00:00',
    };
    file = { ...file, files: [...file.files, made] };
    return HttpResponse.json({ data: made }, { status: 201 });
  }),
  http.get('*/api/customer/:id/aml/files/:fileId', ({ params }) => {
    downloads.push(String(params.fileId));
    return new HttpResponse('%PDF-1.4', {
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="ci-bianchi.pdf"' },
    });
  }),
  http.post('*/api/customer/:id/aml/notes', async ({ request }) => {
    const body = (await request.json()) as AmlNoteInput;
    notePosts.push(body);
    const made: AmlNote = {
      id: 9,
      kind: body.kind,
      outcome: body.outcome ?? null,
      body: body.body,
      created_by_name: 'Mario Rossi',
      created_at: '2026-03-02 12:00:00',
    };
    file = { ...file, notes: [made, ...file.notes] };
    return HttpResponse.json({ data: made }, { status: 201 });
  }),
  // the rest of the card: the record, its selects, the other sections
  http.get('*/api/customers/:id', ({ params }) => HttpResponse.json({ data: { ...record, id: Number(params.id) } })),
  // the legal representative of the card, the esecutore of a first identification
  http.get('*/api/legal_representatives/:id', ({ params }) =>
    HttpResponse.json({
      data: {
        id: Number(params.id),
        name: 'Mario',
        surname: 'Bianchi',
        fiscal_code: CF_EXECUTOR.toLowerCase(),
        address: 'Via Roma 1',
        postal_code: '20100',
        city: 'Milano',
      },
    }),
  ),
  ...quietCustomerCard,
);

const guard = useFakeApi(server);
beforeEach(() => {
  file = fileOf();
  record = { ...RECORD };
  reads = 0;
  posts = [];
  uploads = [];
  downloads = [];
  notePosts = [];
  postAnswer = (body) => {
    const made = identification({
      id: 3,
      data: body,
      identified_on: body.identified_on,
      created_by_name: 'Mario Rossi',
      created_at: '2026-03-02 11:00:00',
    });
    file = { ...file, identification: made, identifications: [made, ...file.identifications] };
    return HttpResponse.json({ data: made }, { status: 201 });
  };
  vi.mocked(saveAs).mockClear();
  login('Admin');
});

// ---------------------------------------------------------------------------------------------
// helpers

type User = ReturnType<typeof userEvent.setup>;

/** The card, on the section's first tab ('Identificazione'). */
async function openCard() {
  const user = userEvent.setup();
  renderApp('/Customer/5');
  const s = await screen.findByRole('region', { name: 'Antiriciclaggio' });
  await within(s).findByRole('tab', { name: 'Identificazione' });
  return { user, s };
}

/** The card and the identification's dialog. */
async function openForm(button = 'Aggiorna identificazione') {
  const { user, s } = await openCard();
  await user.click(within(s).getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: button });
  return { user, s, dialog };
}

const group = (within_: HTMLElement, name: string) => within(within_).getByRole('group', { name });
const textbox = (g: HTMLElement, name: string) =>
  within(g).getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

async function save(user: User, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Registra identificazione' }));
}

// ---------------------------------------------------------------------------------------------

describe("'Identificazione'", () => {
  it('shows the identification in force: an expired document marked, the owners, PEP, the lists; the earlier versions; what is due', async () => {
    const soon = addDays(today(), 10);
    file = fileOf({
      identification: identification({
        id: 2,
        data: {
          ...DATA,
          documents: [
            { ...DATA.documents[0]!, expires_on: '2024-05-01' },
            {
              holder: 'esecutore',
              type: 'passaporto',
              number: 'YA0000001',
              issuer: 'Questura di Milano',
              expires_on: soon,
            },
          ],
        },
      }),
      due: ['Documento di identità scaduto il 01/05/2024: acquisirne uno valido'],
      ceased_on: '2025-12-31',
      kept_until: '2035-12-31',
    });
    const { user, s } = await openCard();
    const note = await within(s).findByRole('note', { name: 'Da fare nel fascicolo antiriciclaggio' });
    expect(note).toHaveTextContent('Documento di identità scaduto il 01/05/2024: acquisirne uno valido');
    expect(
      within(s).getByText(
        'Cliente cessato il 31/12/2025: il fascicolo si conserva fino al 31/12/2035 (Regola Tecnica n. 3)',
      ),
    ).toBeInTheDocument();

    const documents = within(s).getByRole('table', { name: 'Documenti di identità' });
    const rows = within(documents).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(
      /Esecutore.*Carta d'identità.*CA12345AB.*Comune di Milano.*01-06-2021.*01-05-2024/,
    );
    expect(within(rows[1]!).getByText('Scaduto').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(within(rows[2]!).getByText('In scadenza').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    // the scan, downloaded under its name
    await user.click(
      within(rows[1]!).getByRole('button', {
        name: 'Scarica la scansione del documento n. CA12345AB (ci-bianchi.pdf)',
      }),
    );
    await waitFor(() => expect(saveAs).toHaveBeenCalledWith(expect.anything(), 'ci-bianchi.pdf'));
    expect(downloads).toEqual(['11']);

    const executor = within(s).getByRole('region', { name: 'Esecutore' });
    expect(executor).toHaveTextContent('Legale rappresentante');
    expect(executor).toHaveTextContent(CF_EXECUTOR);
    expect(executor).toHaveTextContent('15-03-1970, a Milano');
    const owners = within(s).getByRole('table', { name: 'Titolari effettivi' });
    const rossi = within(owners)
      .getAllByRole('row')
      .find((r) => within(r).queryByText('Luigi Rossi'))!;
    expect(rossi).toHaveTextContent(CF_ROSSI);
    expect(rossi).toHaveTextContent('40 %');
    expect(rossi).toHaveTextContent('Proprietà diretta (oltre il 25 % del capitale)');
    expect(rossi).toHaveTextContent('Registro delle imprese (visura)');
    expect(within(rossi).getByText('PEP')).toBeInTheDocument();
    const pep = within(s).getByRole('region', { name: 'PEP e liste' });
    expect(pep).toHaveTextContent('Luigi Rossi, consigliere regionale');
    expect(pep).toHaveTextContent('10-01-2025, esito');
    expect(within(pep).getByText('Negativo')).toBeInTheDocument();
    expect(pep).toHaveTextContent('UE, ONU');
    expect(within(s).getByRole('region', { name: 'Identificazione' })).toHaveTextContent(
      'In presenza del cliente o dell’esecutore',
    );
    expect(within(s).getByRole('region', { name: 'Scopo e natura del rapporto' })).toHaveTextContent(
      'Rapporto continuativo',
    );
    expect(within(s).getByRole('list', { name: "Prestazioni dell'identificazione" })).toHaveTextContent(
      'Tenuta della contabilità',
    );
    expect(within(s).getByText('Registrata da Laura Neri il 10-01-2025 09:30')).toBeInTheDocument();
    // the section is h2, the tab's headings h3 and h4
    expect(within(s).getByRole('heading', { level: 3, name: 'Identificazione del cliente' })).toBeInTheDocument();
    expect(within(s).getByRole('heading', { level: 4, name: 'Titolari effettivi' })).toBeInTheDocument();
    expect(await seriousAxe(s)).toEqual([]);

    // the earlier versions, on demand, each viewable
    const versions = within(s).getByRole('button', { name: 'Versioni precedenti (1)' });
    expect(versions).toHaveAttribute('aria-expanded', 'false');
    await user.click(versions);
    const list = await within(s).findByRole('list', { name: "Versioni precedenti dell'identificazione" });
    expect(list).toHaveTextContent('Versione del 02-05-2023 16:00');
    expect(list).toHaveTextContent('Di Mario Rossi');
    await user.click(within(list).getByRole('button', { name: 'Vedi la versione del 02-05-2023 16:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Identificazione: versione del 02-05-2023 16:00' });
    expect(within(dialog).getByText('Incarico occasionale')).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'Titolari effettivi' })).toHaveTextContent('100 %');
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Documenti di identità' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reads).toBe(1);
  });

  it('none yet: says so; the form is prefilled from the record (a company) and the latest assessment', async () => {
    file = fileOf({ identification: null, identifications: [], due: ['Manca l’identificazione del cliente'] });
    record = { ...RECORD, vat_id: '01234567890' };
    const { user, s } = await openCard();
    expect(within(s).getByText('Identificazione non ancora registrata')).toBeInTheDocument();
    expect(within(s).queryByRole('button', { name: /Versioni precedenti/ })).toBeNull();
    await user.click(within(s).getByRole('button', { name: 'Registra identificazione' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registra identificazione' });
    expect(within(dialog).getByRole('combobox', { name: /^Il cliente è/ })).toHaveTextContent('Un ente o una società');
    const executor = group(dialog, 'Esecutore');
    expect(textbox(executor, 'Nome e cognome')).toHaveValue('Mario Bianchi');
    expect(textbox(executor, 'In qualità di')).toHaveValue('Legale rappresentante');
    // his tax code and address from the legal representative's record
    await waitFor(() => expect(textbox(executor, 'Codice fiscale')).toHaveValue(CF_EXECUTOR));
    expect(textbox(executor, 'Indirizzo di residenza')).toHaveValue('Via Roma 1, 20100 Milano');
    expect(within(dialog).queryByRole('group', { name: 'Cliente' })).toBeInTheDocument();
    expect(within(group(dialog, 'Cliente')).queryByRole('textbox', { name: /^Codice fiscale/ })).toBeNull();
    expect(within(group(dialog, 'Documento 1')).getByRole('combobox', { name: /^Di chi/ })).toHaveTextContent(
      'Dell’esecutore',
    );
    expect(textbox(dialog, 'Data di identificazione')).toHaveValue(today().split('-').reverse().join('-'));
    expect(within(dialog).getByRole('group', { name: 'Titolare effettivo 1' })).toBeInTheDocument();
    expect(textbox(dialog, 'Scopo del rapporto')).toHaveValue('Contabilità e bilancio');
    const services = group(dialog, 'Prestazioni');
    expect(within(services).getByText('Tenuta della contabilità')).toBeInTheDocument();
    expect(within(services).getByText('Consulenza in materia di redazione del bilancio')).toBeInTheDocument();
    for (const b of within(dialog).getAllByRole('button'))
      if (b.tagName === 'BUTTON') expect(b).toHaveAttribute('type', 'button');
    expect(await seriousAxe(dialog)).toEqual([]);
  });

  it('the form is prefilled from the version in force', async () => {
    const { dialog } = await openForm();
    expect(within(dialog).getByRole('combobox', { name: /^Il cliente è/ })).toHaveTextContent('Un ente o una società');
    expect(within(dialog).getByRole('combobox', { name: /^Modalità di identificazione/ })).toHaveTextContent(
      'In presenza del cliente o dell’esecutore',
    );
    expect(textbox(dialog, 'Data di identificazione')).toHaveValue('10-01-2025');
    const executor = group(dialog, 'Esecutore');
    expect(textbox(executor, 'Nome e cognome')).toHaveValue('Mario Bianchi');
    expect(textbox(executor, 'Codice fiscale')).toHaveValue(CF_EXECUTOR);
    expect(textbox(executor, 'Data di nascita')).toHaveValue('15-03-1970');
    const doc = group(dialog, 'Documento 1');
    expect(textbox(doc, 'Numero')).toHaveValue('CA12345AB');
    expect(textbox(doc, 'Rilasciato da')).toHaveValue('Comune di Milano');
    expect(textbox(doc, 'Data di scadenza')).toHaveValue('01-06-2099');
    expect(within(doc).getByRole('combobox', { name: /^Scansione/ })).toHaveTextContent(
      'ci-bianchi.pdf (Documento di identità)',
    );
    const rossi = group(dialog, 'Titolare effettivo 2');
    expect(textbox(rossi, 'Nome e cognome')).toHaveValue('Luigi Rossi');
    expect(textbox(rossi, 'Quota')).toHaveValue('40');
    expect(within(rossi).getByRole('combobox', { name: /^Fonte della verifica/ })).toHaveTextContent(
      'Registro delle imprese (visura)',
    );
    expect(within(rossi).getByRole('checkbox', { name: 'Persona politicamente esposta (PEP)' })).toBeChecked();
    const pep = group(dialog, 'PEP e liste');
    expect(within(pep).getByRole('checkbox', { name: /è una persona politicamente esposta/ })).toBeChecked();
    expect(textbox(pep, 'Chi è PEP e quale carica ricopre')).toHaveValue('Luigi Rossi, consigliere regionale');
    expect(textbox(pep, 'Liste consultate')).toHaveValue('UE, ONU');
    expect(textbox(dialog, 'Natura del rapporto')).toHaveValue('Rapporto continuativo');
    expect(within(group(dialog, 'Prestazioni')).getByText('Tenuta della contabilità')).toBeInTheDocument();
  });

  it("the server's checks run before sending: an owner without tax code is shown under his field, nothing posted", async () => {
    const { user, dialog } = await openForm();
    const verdi = group(dialog, 'Titolare effettivo 1');
    await user.clear(textbox(verdi, 'Codice fiscale'));
    await save(user, dialog);
    const tax = textbox(verdi, 'Codice fiscale');
    await waitFor(() => expect(tax).toHaveAttribute('aria-invalid', 'true'));
    expect(helperText(tax)).toBe('Indica il codice fiscale del titolare effettivo Anna Verdi');
    expect(tax).toHaveFocus();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Correggi i campi evidenziati.');
    await negativeLook();
    expect(posts).toHaveLength(0);
    // typing clears the message
    await replaceText(user, tax, CF_VERDI);
    expect(tax).toHaveAttribute('aria-invalid', 'false');
    expect(helperText(tax)).toBe('');
  });

  it("the server's 422 on documents.0.expires_on is shown under that field; the dialog stays open, nothing lost", async () => {
    const message = 'Il documento n. CA12345AB risulta revocato: serve un documento in corso di validità';
    postAnswer = () =>
      HttpResponse.json(
        { message: 'Dati non validi: controlla i campi evidenziati', errors: { 'documents.0.expires_on': [message] } },
        { status: 422 },
      );
    guard.allow(/risulta revocato|Dati non validi/);
    const { user, dialog } = await openForm();
    await replaceText(user, textbox(dialog, 'Natura del rapporto'), 'Rapporto continuativo e consulenza');
    await save(user, dialog);
    await waitFor(() => expect(posts).toHaveLength(1));
    const expiry = textbox(group(dialog, 'Documento 1'), 'Data di scadenza');
    await waitFor(() => expect(expiry).toHaveAttribute('aria-invalid', 'true'));
    expect(helperText(expiry)).toBe(message);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Dati non validi: controlla i campi evidenziati');
    expect(screen.getByRole('dialog', { name: 'Aggiorna identificazione' })).toBeInTheDocument();
    expect(textbox(dialog, 'Natura del rapporto')).toHaveValue('Rapporto continuativo e consulenza');
    expect(expiry).toHaveValue('01-06-2099');
    expect(screen.queryByText('Identificazione registrata')).toBeNull();
    expect(reads).toBe(1);
  });

  it("'Registra identificazione' posts the identification as edited, says so and reads the file again", async () => {
    const { user, s, dialog } = await openForm();
    const verdi = group(dialog, 'Titolare effettivo 1');
    await replaceText(user, textbox(verdi, 'Quota'), '59,5');
    await replaceText(user, textbox(dialog, 'Origine dei fondi'), 'Ricavi dell’attività');
    // a second document, the customer's passport (no scan)
    await user.click(within(dialog).getByRole('button', { name: 'Aggiungi documento' }));
    const doc2 = group(dialog, 'Documento 2');
    await user.click(within(doc2).getByRole('combobox', { name: /^Tipo di documento/ }));
    await user.click(await screen.findByRole('option', { name: 'Passaporto' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await replaceText(user, textbox(doc2, 'Numero'), 'ya0000001');
    await replaceText(user, textbox(doc2, 'Rilasciato da'), 'Questura di Milano');
    await replaceText(user, textbox(doc2, 'Data di scadenza'), '15-09-2031');
    await save(user, dialog);

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      ...DATA,
      documents: [
        DATA.documents[0],
        {
          holder: 'esecutore',
          type: 'passaporto',
          number: 'ya0000001',
          issuer: 'Questura di Milano',
          expires_on: '2031-09-15',
        },
      ],
      owners: [{ ...DATA.owners[0], share: 59.5 }, DATA.owners[1]],
      funds_origin: 'Ricavi dell’attività',
    });
    expect(await screen.findByText('Identificazione registrata')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aggiorna identificazione' })).toBeNull());
    await waitFor(() => expect(reads).toBe(2));
    expect(await within(s).findByText('Registrata da Mario Rossi il 02-03-2026 11:00')).toBeInTheDocument();
    expect(within(s).getByRole('button', { name: 'Versioni precedenti (2)' })).toBeInTheDocument();
    expect(within(s).getByRole('table', { name: 'Documenti di identità' })).toHaveTextContent('ya0000001');
    // the customer's form was not submitted (no PUT is mocked: one would fail the test)
  });

  it("a scan uploaded from the form goes to the file as a 'documento' and becomes the document's file_id", async () => {
    const { user, dialog } = await openForm();
    const doc = group(dialog, 'Documento 1');
    // a file too big is refused at once
    await user.upload(
      within(doc).getByLabelText('Carica la scansione del documento 1'),
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'enorme.pdf', { type: 'application/pdf' }),
    );
    expect(await within(doc).findByText('Il file supera la dimensione massima di 10 MB')).toBeInTheDocument();
    await negativeLook();
    expect(uploads).toHaveLength(0);

    await user.upload(
      within(doc).getByLabelText('Carica la scansione del documento 1'),
      new File(['%PDF-1.4 scansione'], 'ci-nuova.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toEqual({
      kind: 'documento',
      description: 'Documento n. CA12345AB',
      fields: ['kind', 'description', 'file'],
    });
    // the server's answer names it documento-1.pdf
    await waitFor(() =>
      expect(within(doc).getByRole('combobox', { name: /^Scansione/ })).toHaveTextContent(
        'documento-1.pdf (Documento di identità)',
      ),
    );
    expect(within(doc).queryByText('Il file supera la dimensione massima di 10 MB')).toBeNull();
    await save(user, dialog);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.documents[0]).toEqual({ ...DATA.documents[0], file_id: 21 });
  });
});

describe("'File e documenti' and 'Note riservate'", () => {
  it('lists the files and adds one (kind, description, the 10 MB check); nothing is deleted', async () => {
    const { user, s } = await openCard();
    await user.click(within(s).getByRole('tab', { name: 'File e documenti' }));
    expect(within(s).getByRole('group', { name: 'Documenti del fascicolo' })).toBeInTheDocument();
    expect(
      within(s).getByText(
        'I file del fascicolo non si eliminano: si conservano per dieci anni dalla fine del rapporto',
      ),
    ).toBeInTheDocument();
    const table = within(s).getByRole('table', { name: 'File del fascicolo' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of [
      'ci-bianchi.pdf',
      'Documento di identità',
      'Carta d’identità di Mario Bianchi',
      '240 KB',
      '3f786850e387…',
      'Laura Neri',
      '10-01-2025 09:20',
    ])
      expect(row).toHaveTextContent(text);
    expect(within(row).queryByRole('button', { name: /Elimina/ })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Scarica ci-bianchi.pdf' }));
    await waitFor(() => expect(downloads).toEqual(['11']));
    expect(await seriousAxe(s)).toEqual([]);

    await user.click(within(s).getByRole('button', { name: 'Aggiungi file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aggiungi file al fascicolo' });
    const input = within(dialog).getByLabelText('File da aggiungere al fascicolo');
    await user.upload(
      input,
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'visura.pdf', { type: 'application/pdf' }),
    );
    expect(await within(dialog).findByText('Il file supera la dimensione massima di 10 MB')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Carica' }));
    expect(within(dialog).getByRole('combobox', { name: /^Tipo di file/ })).toHaveAttribute('aria-invalid', 'true');
    await negativeLook();
    expect(uploads).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo di file/ }));
    await user.click(await screen.findByRole('option', { name: 'Visura o estratto di registro' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await replaceText(user, within(dialog).getByRole('textbox', { name: 'Descrizione' }), 'Visura camerale 2026');
    await user.upload(input, new File(['%PDF-1.4 visura'], 'visura.pdf', { type: 'application/pdf' }));
    expect(within(dialog).queryByText('Il file supera la dimensione massima di 10 MB')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Carica' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toEqual({
      kind: 'visura',
      description: 'Visura camerale 2026',
      fields: ['kind', 'description', 'file'],
    });
    expect(await screen.findByText('File aggiunto al fascicolo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aggiungi file al fascicolo' })).toBeNull());
    await waitFor(() => expect(within(s).getAllByRole('row')).toHaveLength(3));
    const added = within(s).getAllByRole('row')[2]!;
    expect(added).toHaveTextContent('visura-1.pdf');
    expect(added).toHaveTextContent('Visura o estratto di registro');
  });

  it("'Note riservate' is the Admin's: absent for a Collaboratore; the Admin reads and adds one", async () => {
    login('Collaboratore');
    file = fileOf({ notes: [], notes_allowed: false });
    const first = await openCard();
    expect(
      within(first.s)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Identificazione', 'Valutazione del rischio', 'File e documenti']);
    cleanup();

    login('Admin');
    file = fileOf();
    const { user, s } = await openCard();
    await user.click(within(s).getByRole('tab', { name: 'Note riservate' }));
    const list = within(s).getByRole('list', { name: 'Note riservate' });
    expect(list).toHaveTextContent('Valutazione di segnalazione di operazione sospetta (art. 35)');
    expect(list).toHaveTextContent('Nessun motivo per procedere');
    expect(list).toHaveTextContent('Versamenti in contanti giustificati dalla stagionalità.');
    expect(list).toHaveTextContent('Mario Rossi, 01-02-2025 12:00');

    await user.click(within(s).getByRole('button', { name: 'Nuova nota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuova nota riservata' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Valutazione di astensione (art. 42)' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await replaceText(user, within(dialog).getByRole('textbox', { name: /^Testo/ }), 'Cliente reticente sui fondi.');
    await user.click(within(dialog).getByRole('button', { name: 'Registra nota' }));
    const outcome = within(dialog).getByRole('combobox', { name: /^Esito/ });
    expect(outcome).toHaveAttribute('aria-invalid', 'true');
    expect(helperText(outcome)).toBe('Indica l’esito della valutazione (anche “In valutazione”)');
    await negativeLook();
    expect(notePosts).toHaveLength(0);
    await user.click(outcome);
    await user.click(await screen.findByRole('option', { name: 'In valutazione' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Registra nota' }));
    await waitFor(() => expect(notePosts).toHaveLength(1));
    expect(notePosts[0]).toEqual({
      kind: 'astensione',
      outcome: 'in_valutazione',
      body: 'Cliente reticente sui fondi.',
    });
    expect(await screen.findByText('Nota registrata')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(s).getByRole('list', { name: 'Note riservate' })).toHaveTextContent('Cliente reticente'),
    );
  });
});
