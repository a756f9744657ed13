/**
 * 'Importa clienti' (`/importa_clienti`, issue 16) against a mocked API (msw): a file over the
 * limit refused before any upload, the upload and the mapping proposed by the server, the
 * preview read from the NDJSON answer (progress, then the rows) with each error on its cell, the
 * import and its counts, a server error in the stream shown in Italian, and the undo of an
 * import from 'Importazioni' after a confirmation.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, logout, renderApp, shellHandlers } from './harness';
import type { ImportListRow, ImportStaged } from '../../model/customerImport';

const STAGED: ImportStaged = {
  id: 41,
  file_name: 'clienti.csv',
  format: 'csv',
  encoding: 'UTF-8',
  separator: ';',
  headers: ['Ragione Sociale', 'P.IVA', 'Email'],
  row_count: 2,
  mapping: { business_name: 'Ragione Sociale', vat_id: 'P.IVA', email: 'Email' },
  sample: [['Alfa S.r.l.', '01234567897', 'alfa@x.test']],
};
const PREVIEW = {
  rows: [
    {
      line: 2,
      status: 'new',
      values: { business_name: 'Alfa S.r.l.', vat_id: '01234567897', email: 'alfa@x.test' },
      errors: {},
    },
    {
      line: 3,
      status: 'invalid',
      values: { business_name: 'Beta S.r.l.', vat_id: '12345678901', email: 'beta@x.test' },
      errors: { vat_id: 'Partita Iva Non Valida' },
    },
  ],
  counts: { created: 1, updated: 0, skipped: 0, invalid: 1 },
};
const IMPORTS: ImportListRow[] = [
  {
    id: 40,
    user_name: 'Mario Rossi',
    file_name: 'vecchi.xlsx',
    file_format: 'xlsx',
    status: 'imported',
    row_count: 3,
    created_count: 3,
    updated_count: 0,
    skipped_count: 0,
    invalid_count: 0,
    created_at: '2026-11-20 10:00:00',
    imported_at: '2026-11-20 10:00:05',
    undone_at: null,
    undone_by: null,
  },
];

const ndjson = (...lines: unknown[]) =>
  new HttpResponse(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', {
    headers: { 'Content-Type': 'application/x-ndjson' },
  });
const calls: Array<{ url: string; body: unknown }> = [];
let previewFails = false;
let imports = IMPORTS;
const server = setupServer(
  ...shellHandlers,
  http.get('*/api/customer_imports', () => HttpResponse.json({ data: imports })),
  http.post('*/api/customer_imports', async ({ request }) => {
    const form = await request.formData();
    calls.push({
      url: request.url,
      body: { type: request.headers.get('content-type')?.split(';')[0], fields: [...form.keys()] },
    });
    return HttpResponse.json({ data: STAGED }, { status: 201 });
  }),
  http.post('*/api/customer_imports/:id/preview', async ({ request }) => {
    calls.push({ url: request.url, body: await request.json() });
    if (previewFails)
      return ndjson(
        { progress: { phase: 'check', done: 0, total: 2 } },
        { error: { status: 409, message: 'Importazione non trovata o già eseguita: carica di nuovo il file' } },
      );
    return ndjson(
      { progress: { phase: 'check', done: 1, total: 2 } },
      { progress: { phase: 'check', done: 2, total: 2 } },
      { data: PREVIEW },
    );
  }),
  http.post('*/api/customer_imports/:id/import', async ({ request }) => {
    calls.push({ url: request.url, body: await request.json() });
    return ndjson(
      { progress: { phase: 'write', done: 1, total: 1 } },
      { data: { id: 41, created: 1, updated: 0, skipped: 0, invalid: 1 } },
    );
  }),
  http.post('*/api/customer_imports/:id/undo', ({ request, params }) => {
    calls.push({ url: request.url, body: null });
    imports = imports.map((r) =>
      r.id === Number(params.id)
        ? { ...r, status: 'undone', undone_by: 'Mario Rossi', undone_at: '2026-11-24 09:00:00' }
        : r,
    );
    return HttpResponse.json({ data: { id: Number(params.id), trashed: 3, restored: 0 } });
  }),
);
// jsdom lays nothing out: the preview's scroll box gets the size a browser would give it, so the
// virtualised rows render
const sizes = { clientHeight: 440, clientWidth: 1200, offsetHeight: 440, offsetWidth: 1200 } as const;
const saved = Object.fromEntries(
  Object.keys(sizes).map((k) => [
    k,
    Object.getOwnPropertyDescriptor(HTMLElement.prototype, k) ?? Object.getOwnPropertyDescriptor(Element.prototype, k),
  ]),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  for (const [k, v] of Object.entries(sizes))
    Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
});
afterAll(() => {
  for (const [k, d] of Object.entries(saved)) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
  server.close();
});
beforeEach(() => {
  calls.length = 0;
  previewFails = false;
  imports = IMPORTS;
  login('Admin');
});
afterEach(() => {
  server.resetHandlers();
  logout();
});

const csvFile = (name = 'clienti.csv') =>
  new File(['Ragione Sociale;P.IVA;Email\nAlfa S.r.l.;01234567897;alfa@x.test\n'], name, { type: 'text/csv' });

describe('Importa clienti', () => {
  it('a file over 10 MB is refused at once, without uploading it', async () => {
    const user = userEvent.setup();
    renderApp('/importa_clienti');
    const input = await screen.findByTestId('import-file');
    await user.upload(input, new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'enorme.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Il file supera la dimensione massima di 10 MB')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('upload, mapping, preview with the errors on their cells, import with its counts', async () => {
    const user = userEvent.setup();
    renderApp('/importa_clienti');
    await user.upload(await screen.findByTestId('import-file'), csvFile());
    expect(await screen.findByText(/2 righe \(CSV, UTF-8, separatore «;»\)/)).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ type: 'multipart/form-data', fields: ['file'] });
    expect(screen.getByRole('combobox', { name: /^Ragione Sociale/ })).toHaveTextContent('Ragione Sociale');
    // a field without a column of the file: no column chosen, a value for all rows offered instead
    expect(
      screen
        .getByRole('combobox', { name: /^Codice fiscale/ })
        .textContent!.replace(/\u200b/g, '')
        .trim(),
    ).toBe('');
    expect(screen.getByRole('textbox', { name: 'Valore per tutte le righe (Codice fiscale)' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Valore per tutte le righe (Ragione Sociale)' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Aggiorna con i dati non vuoti del file' }));
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    // the rows with errors are shown first, each message on its cell
    expect(await screen.findByRole('button', { name: 'Con errori (1)' })).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByLabelText('Anteprima delle righe del file');
    const cell = within(table).getByText('Partita Iva Non Valida').closest('td')!;
    expect(cell).toHaveTextContent('12345678901');
    expect(within(table).queryByText('Alfa S.r.l.')).toBeNull();
    expect(calls[1]).toMatchObject({
      url: expect.stringContaining('/api/customer_imports/41/preview'),
      body: { mapping: STAGED.mapping, duplicates: 'update' },
    });
    await user.click(screen.getByRole('button', { name: 'Tutte (2)' }));
    expect(within(table).getByText('Alfa S.r.l.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importa 1 clienti' }));
    expect(
      await screen.findByText(
        'Importazione completata: 1 clienti creati, 0 aggiornati, 0 saltati, 1 righe con errori.',
      ),
    ).toBeInTheDocument();
    expect(calls[2]).toMatchObject({
      url: expect.stringContaining('/api/customer_imports/41/import'),
      body: { mapping: STAGED.mapping, duplicates: 'update' },
    });
    expect(screen.getByRole('button', { name: 'Scarica righe con errori' })).toBeInTheDocument();
  });

  it('an error at the end of the stream is shown in Italian, and the preview is not shown', async () => {
    previewFails = true;
    const user = userEvent.setup();
    renderApp('/importa_clienti');
    await user.upload(await screen.findByTestId('import-file'), csvFile());
    await user.click(await screen.findByRole('button', { name: 'Anteprima' }));
    expect(
      await screen.findByText('Importazione non trovata o già eseguita: carica di nuovo il file'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Anteprima delle righe del file')).toBeNull();
  });

  it("'Importazioni': an import is undone after the confirmation", async () => {
    const user = userEvent.setup();
    renderApp('/importa_clienti');
    const list = await screen.findByRole('table', { name: 'Importazioni' });
    expect(within(list).getByText('vecchi.xlsx')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: "Annulla l'importazione di vecchi.xlsx" }));
    const dialog = await screen.findByRole('dialog', { name: 'Attenzione!!' });
    expect(dialog).toHaveTextContent('I 3 clienti creati andranno nel cestino');
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: "Sì, annulla l'importazione" }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Importazioni' })).getByText('Annullata')).toBeInTheDocument(),
    );
    expect(calls[0]!.url).toContain('/api/customer_imports/40/undo');
  });
});
