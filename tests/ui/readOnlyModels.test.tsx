/**
 * The records the money cycle's areas write (issue 46 item 5: SDD batches, bank statements and
 * lines, reminders, SdI events as read-only models): their list has no 'Nuovo' (the server says
 * so: can_add_new false), `/{Model}/create` says where they are made instead of a form that cannot
 * be saved, and a record's card shows it without 'Aggiorna', 'Nuovo' or the history.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { location, login, renderApp, shellHandlers } from './harness';
import { routeExists } from '../../src/routeTable';
import { useFakeApi } from './journeys';
import { MODELS } from '../../model/registry';

const BATCH = {
  id: 7,
  collection_date: '2026-12-04',
  message_id: 'SDD-2026-0007',
  due_from: '2026-12-01',
  due_to: '2026-12-31',
  debits: 3,
  total: '1830.00',
  status: 'presented',
  created_at: '2026-11-28 10:00:00',
};

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/sdd_batches/7', () => HttpResponse.json({ data: BATCH })),
  // 'Incassa con SDD', opened from the notice: no batches yet
  http.get('*/api/sdd/batches', () => HttpResponse.json({ data: [] })),
  // the studio's accounts: 'Conto da accreditare' on 'Incassa con SDD', the batch's 'Conto accreditato' (issue 47)
  http.get('*/api/list/BankAccount/:collection', () =>
    HttpResponse.json({
      data: [
        { id: 3, name: 'BPER Banca — conto incassi', iban: 'IT60X0542811101000000123456', sdd_format: 'cbi_00_01_01' },
      ],
      meta: { total: 1, current_page: 1, per_page: 200, last_page: 1 },
      item_meta_data: {},
    }),
  ),
);
useFakeApi(server);

describe('read-only models', () => {
  it('the five are declared read-only, each naming the calls that write it', () => {
    const readOnly = MODELS.filter((m) => m.readOnly).map((m) => m.name);
    expect(readOnly).toEqual(
      expect.arrayContaining(['SddBatch', 'BankStatement', 'BankStatementLine', 'Reminder', 'SdiEvent']),
    );
    for (const m of MODELS.filter((x) => x.readOnly)) expect(m.writtenBy, m.name).toBeTruthy();
  });

  it('/SddBatch/create says where batches are made, with the way there and to their list, and no form', async () => {
    login('Admin');
    renderApp('/SddBatch/create');
    const batch = MODELS.find((m) => m.name === 'SddBatch')!;
    expect(await screen.findByText(`${batch.plural}: non si creano da qui, ma da «Incassa con SDD».`)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Salva' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: `Vai a Gestione ${batch.plural}` })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Apri Incassa con SDD' }));
    await waitFor(() => expect(location.current.pathname).toBe('/incassa_sdd'));
    expect(await screen.findByText('Nessuna distinta.')).toBeVisible();
  });

  it('every read-only model names the screen where its rows are made, and that screen exists', () => {
    for (const m of MODELS.filter((x) => x.readOnly)) expect(routeExists(m.madeIn?.path ?? ''), m.name).toBe(true);
  });

  it("a batch's card shows its data without 'Aggiorna', 'Nuovo' or the history", async () => {
    login('Admin');
    renderApp('/SddBatch/7');
    expect(await screen.findByDisplayValue('SDD-2026-0007')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Indietro' })).toBeEnabled();
    const form = screen.getByRole('button', { name: 'Indietro' }).closest('form')!;
    for (const name of ['Aggiorna', 'Nuovo', 'Storico modifiche'])
      expect(within(form).queryByRole('button', { name }), name).toBeNull();
  });
});
