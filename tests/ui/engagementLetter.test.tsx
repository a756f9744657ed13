/**
 * The engagement letter's panel (issue 49 item 2, src/resources/Engagement/LetterPanel.tsx) and the
 * Admin's 'Modello lettera d’incarico' (src/areas/engagementLetters/LetterTemplate.tsx) against a
 * mocked API (msw; unknown calls fail the test): the buttons each state offers; 'Invia al cliente'
 * confirmed in a dialog naming the recipient, posted once, the history read from the answer and
 * handed to the card; the acceptance shown (who, when, IP, SHA-256), the scan; 'Cessa incarico'
 * with the server's 422 under the date and the dialog kept, then by mutual consent; on a phone the
 * history as cards; the template's refusal shown under the file.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, Notification } from 'react-admin';
import { dataProvider } from '../../src/dataProvider';
import { EngagementLetterPanel } from '../../src/resources/Engagement/LetterPanel';
import { LetterTemplate } from '../../src/areas/engagementLetters/LetterTemplate';
import type { EngagementLetter, EngagementLetters } from '../../model/api/engagementLetters';
import { addDays, today } from '../../model/dates';
import { login, shellHandlers } from './harness';
import { useFakeApi } from './journeys';

const SHA = 'ab12cd34ef56'.padEnd(64, '0');
const SHA_SCAN = '9f8e7d6c5b4a'.padEnd(64, '1');

const letter = (over: Partial<EngagementLetter> & Pick<EngagementLetter, 'id'>): EngagementLetter => ({
  kind: 'mail',
  filename: 'Lettera_incarico_Gamma.pdf',
  size: 40_960,
  sha256: SHA,
  recipient: 'cliente@prova.test',
  mail_id: 10,
  mail_status: 'queued',
  link_expires: '2026-07-01',
  link_state: 'open',
  opened_at: null,
  accepted_at: null,
  accepted_name: null,
  accepted_ip: null,
  created_by_name: 'Laura Neri',
  created_at: '2026-05-02 09:15:00',
  ...over,
});

const state = (over: Partial<EngagementLetters> = {}): EngagementLetters => ({
  engagement_id: 7,
  status: 'draft',
  sent_at: null,
  signed_at: null,
  signed_how: null,
  ended_at: null,
  start_date: '2026-01-01',
  end_date: null,
  notice_days: 60,
  recipient: 'cliente@prova.test',
  services: 2,
  word_template: 'builtin',
  updated_at: '2026-05-02 09:15:00.000000',
  letters: [],
  ...over,
});

let current = state();
const posted: Array<{ path: string; body: unknown }> = [];
const server = setupServer(
  http.get('*/api/engagement/:id/actions/letters', () => HttpResponse.json({ data: current })),
);
const guard = useFakeApi(server, () => {
  posted.length = 0;
  current = state();
});
afterEach(() => {
  // the phone's media query, when a test set it
  vi.unstubAllGlobals();
});

const panel = (onChanged = vi.fn()) => {
  render(
    <AdminContext dataProvider={dataProvider}>
      <EngagementLetterPanel engagementId={7} status={current.status} onChanged={onChanged} />
      <Notification />
    </AdminContext>,
  );
  return onChanged;
};

const actions = async () =>
  within(await screen.findByRole('group', { name: 'Azioni della lettera d’incarico' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('EngagementLetterPanel', () => {
  it('a draft: PDF, Word, send and sign; sending asks naming the recipient, posts once, shows the letter sent and tells the card', async () => {
    login('Collaboratore');
    const sent = state({
      status: 'sent',
      sent_at: '2026-05-02 09:15:00',
      letters: [letter({ id: 31 })],
    });
    server.use(
      http.post('*/api/engagement/:id/actions/send', async ({ request, params }) => {
        posted.push({ path: `send ${String(params.id)}`, body: await request.json() });
        current = sent;
        return HttpResponse.json({ data: sent });
      }),
    );
    const user = userEvent.setup();
    const onChanged = panel();
    await waitFor(async () =>
      expect(await actions()).toEqual(['Scarica PDF', 'Scarica Word', 'Invia al cliente', 'Segna come firmato']),
    );
    expect(screen.getByText('Nessuna lettera inviata né firmata.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invia al cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invia la lettera al cliente' });
    expect(dialog).toHaveTextContent('La lettera d’incarico in PDF sarà inviata a cliente@prova.test');
    expect(posted).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([{ path: 'send 7', body: {} }]);
    expect(await screen.findByText('Lettera inviata a cliente@prova.test')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith(sent);
    const table = await screen.findByRole('table', { name: 'Lettere inviate e firmate' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Lettera inviata');
    expect(row).toHaveTextContent('cliente@prova.test');
    expect(row).toHaveTextContent('02-05-2026 09:15 · Laura Neri');
    expect(row).toHaveTextContent('ab12cd34ef56…');
    expect(row).toHaveTextContent('In attesa di accettazione');
    await waitFor(async () =>
      expect(await actions()).toEqual([
        'Scarica PDF',
        'Scarica Word',
        'Invia al cliente',
        'Segna come firmato',
        'Riporta in bozza',
      ]),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Stato: Inviato · lettera inviata il 02-05-2026 09:15');
    // sending again: the earlier link will no longer accept
    await user.click(screen.getByRole('button', { name: 'Invia al cliente' }));
    expect(await screen.findByRole('dialog', { name: 'Invia la lettera al cliente' })).toHaveTextContent(
      'La lettera inviata in precedenza non potrà più essere accettata.',
    );
  });

  it('without an address the send cannot be confirmed', async () => {
    login('Collaboratore');
    current = state({ recipient: null });
    const user = userEvent.setup();
    panel();
    await user.click(await screen.findByRole('button', { name: 'Invia al cliente' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Il cliente non ha un indirizzo email né una PEC');
    expect(within(dialog).getByRole('button', { name: 'Invia' })).toBeDisabled();
  });

  it('signed: who accepted, when and from which IP, the scan, the state; only the documents and the end are offered', async () => {
    login('Collaboratore');
    current = state({
      status: 'signed',
      signed_at: '2026-05-03 18:40:00',
      signed_how: 'Accettato online da Mario Bianchi il 03-05-2026 18:40',
      letters: [
        letter({
          id: 32,
          link_state: 'accepted',
          opened_at: '2026-05-03 18:35:00',
          accepted_at: '2026-05-03 18:40:00',
          accepted_name: 'Mario Bianchi',
          accepted_ip: '203.0.113.7',
        }),
        letter({ id: 31, link_state: 'superseded', created_at: '2026-05-01 08:00:00' }),
      ],
    });
    panel();
    const table = await screen.findByRole('table', { name: 'Lettere inviate e firmate' });
    const [, accepted, superseded] = within(table).getAllByRole('row');
    expect(accepted).toHaveTextContent('Accettata da Mario Bianchi il 03-05-2026 18:40 (IP 203.0.113.7)');
    expect(accepted).toHaveTextContent('03-05-2026 18:35');
    expect(superseded).toHaveTextContent('Sostituita da una lettera più recente');
    expect(superseded).toHaveTextContent('No');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Stato: Firmato · Accettato online da Mario Bianchi il 03-05-2026 18:40',
    );
    expect(await actions()).toEqual(['Scarica PDF', 'Scarica Word', 'Cessa incarico']);
  });

  it('‘Cessa incarico’: the server’s refusal under the date, the dialog kept; then by mutual consent, ended', async () => {
    login('Collaboratore');
    current = state({
      status: 'signed',
      signed_how: 'Firmato su carta (scansione allegata)',
      letters: [
        letter({ id: 40, kind: 'scan', filename: 'firmata.pdf', sha256: SHA_SCAN, recipient: null, link_state: null }),
      ],
    });
    const earliest = addDays(today(), 60);
    const display = (iso: string) => iso.split('-').reverse().join('-');
    const refusal = `Con il preavviso di 60 giorni l'incarico può cessare dal ${display(earliest)}: scegli una data da quel giorno, o indica che la cessazione è consensuale`;
    server.use(
      http.post('*/api/engagement/:id/actions/end', async ({ request }) => {
        const body = (await request.json()) as { date: string; waive_notice: boolean };
        posted.push({ path: 'end', body });
        if (!body.waive_notice)
          return HttpResponse.json({ message: refusal, errors: { date: [refusal] } }, { status: 422 });
        current = state({ ...current, status: 'ended', end_date: body.date, ended_at: body.date });
        return HttpResponse.json({ data: current });
      }),
    );
    // react-admin's data provider logs a call's failure
    guard.allow(/Con il preavviso di 60 giorni/);
    const user = userEvent.setup();
    const onChanged = panel();
    const row = within(await screen.findByRole('table', { name: 'Lettere inviate e firmate' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Scansione firmata (firmata.pdf)');
    expect(row).toHaveTextContent('Firmata su carta');
    expect(row).toHaveTextContent('9f8e7d6c5b4a…');
    await user.click(screen.getByRole('button', { name: 'Cessa incarico' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cessa incarico' });
    expect(dialog).toHaveTextContent(`può cessare dal ${display(earliest)}`);
    const date = within(dialog).getByRole('textbox', { name: 'Data di cessazione' });
    expect(date).toHaveValue(display(earliest));
    await user.clear(date);
    await user.type(date, display(addDays(today(), 10)));
    await user.click(within(dialog).getByRole('button', { name: 'Cessa incarico' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([{ path: 'end', body: { date: addDays(today(), 10), waive_notice: false } }]);
    expect(onChanged).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cessazione consensuale (senza preavviso)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cessa incarico' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted[1]).toEqual({ path: 'end', body: { date: addDays(today(), 10), waive_notice: true } });
    expect(await screen.findByText(`Incarico cessato dal ${display(addDays(today(), 10))}`)).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect(await actions()).toEqual(['Scarica PDF', 'Scarica Word']));
  });

  it('on a phone (390 px) the history is a list of cards with its labels', async () => {
    login('Collaboratore');
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    current = state({ status: 'sent', letters: [letter({ id: 31 })] });
    panel();
    const list = await screen.findByRole('list', { name: 'Lettere inviate e firmate' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(card).toHaveTextContent('Inviata a');
    expect(card).toHaveTextContent('cliente@prova.test');
    expect(within(card).getByRole('button', { name: /Scarica la lettera inviata/ })).toBeInTheDocument();
  });
});

describe('LetterTemplate', () => {
  it('the built-in one in use; a studio template refused by the server shows why under the file', async () => {
    login('Admin');
    const message =
      'Il modello Word della lettera non è valido: il campo {prezzo_totale} non è previsto. I campi disponibili sono elencati nella pagina del modello (i campi di un servizio solo dentro {#servizi}…{/servizi})';
    guard.allow(/Il modello Word della lettera non è valido/);
    server.use(
      ...shellHandlers,
      http.get('*/api/engagement_letter_template', () =>
        HttpResponse.json({
          data: {
            template: null,
            tags: [
              { key: 'incarico_oggetto', description: 'Oggetto dell’incarico', group: 'Incarico' },
              { key: 'descrizione', description: 'Descrizione del servizio', group: 'Servizi' },
            ],
          },
        }),
      ),
      http.put('*/api/engagement_letter_template', () =>
        HttpResponse.json({ message, errors: { file: [message] } }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    render(
      <AdminContext dataProvider={dataProvider}>
        <LetterTemplate />
      </AdminContext>,
    );
    expect(await screen.findByText(/Si usa il modello predefinito della lettera/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Segnaposto: Incarico' })).toHaveTextContent('{incarico_oggetto}');
    const input = screen.getByLabelText('Modello Word della lettera d’incarico');
    await user.upload(input, new File(['{prezzo_totale}'], 'Mio modello.docx'));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
