/**
 * 'Dichiarazione antiriciclaggio' of the customer's 'Area clienti' (issue 50 item 3,
 * src/resources/Customer/PortalDeclarations.tsx) against a mocked API (msw; unknown calls and console
 * errors fail the test): the declarations sent with when and by whom, their state, the first opening,
 * who accepted each, when and from which address (the browser as a tooltip), the SHA-256 shortened
 * with the whole as a tooltip, the PDF downloaded under the server's name; 'Invia la dichiarazione
 * da accettare' asks first (nothing on 'Annulla'), then sends once and lists the new one with a
 * notice of the people notified; the server's 422 shown as it says it, the list unchanged; on a phone
 * two columns. Every button is type="button" (the section sits inside the customer's form).
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { AdminContext, Notification } from 'react-admin';
import { dataProvider } from '../../src/dataProvider';
import { PortalDeclarations } from '../../src/resources/Customer/PortalDeclarations';
import { DECLARATION_MESSAGES, type PortalDeclaration } from '../../model/api/portalDeclarations';
import { login, negativeLook } from './harness';
import { cellsOf, rowOf, seriousAxe, useFakeApi } from './journeys';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

const SHA_OLD = 'ab12cd34ef56'.padEnd(64, '0');
const SHA_NEW = '9f8e7d6c5b4a'.padEnd(64, '1');
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)';

const declaration = (over: Partial<PortalDeclaration> & Pick<PortalDeclaration, 'id'>): PortalDeclaration => ({
  title: 'Dichiarazione del cliente ai fini dell’adeguata verifica',
  filename: 'Dichiarazione_antiriciclaggio_Alfa_S.r.l.pdf',
  size: 40_960,
  sha256: SHA_OLD,
  state: 'da_accettare',
  sent_at: '2026-03-02 09:30:00',
  sent_by_name: 'Laura Neri',
  withdrawn_at: null,
  first_opened_at: null,
  opened_times: 0,
  accepted_at: null,
  accepted_name: null,
  accepted_email: null,
  accepted_ip: null,
  accepted_user_agent: null,
  ...over,
});

const ACCEPTED = declaration({
  id: 7,
  state: 'accettata',
  first_opened_at: '2026-03-03 18:40:00',
  opened_times: 2,
  accepted_at: '2026-03-03 18:45:00',
  accepted_name: 'Paolo Alfa',
  accepted_email: 'paolo@alfa.it',
  accepted_ip: '203.0.113.7',
  accepted_user_agent: UA,
});
const NEW = declaration({ id: 9, sha256: SHA_NEW, sent_at: '2026-04-10 11:00:00', sent_by_name: 'Mario Rossi' });

let list: PortalDeclaration[] = [];
let posts = 0;
let refuse = false;
const downloads: string[] = [];

const server = setupServer(
  http.get('*/api/customer/:id/portal/declarations', () => HttpResponse.json({ data: list })),
  http.post('*/api/customer/:id/portal/declarations', ({ params }) => {
    posts++;
    expect(params.id).toBe('5');
    if (refuse)
      return HttpResponse.json(
        { message: DECLARATION_MESSAGES.noPeople, errors: { customer: [DECLARATION_MESSAGES.noPeople] } },
        { status: 422 },
      );
    list = [NEW, ...list];
    return HttpResponse.json({ data: list, notified: 2 }, { status: 201 });
  }),
  http.get('*/api/customer/:id/portal/declarations/:declarationId/pdf', ({ request }) => {
    downloads.push(new URL(request.url).pathname);
    return new HttpResponse('%PDF-1.4', {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="Dichiarazione_antiriciclaggio_Alfa_S.r.l.pdf"',
      },
    });
  }),
);
const guard = useFakeApi(server, () => {
  list = [];
  posts = 0;
  refuse = false;
  downloads.length = 0;
  vi.mocked(saveAs).mockClear();
  vi.unstubAllGlobals();
});

const ui = () =>
  render(
    <AdminContext dataProvider={dataProvider}>
      <PortalDeclarations customerId={5} />
      <Notification />
    </AdminContext>,
  );

const TABLE = 'Dichiarazioni antiriciclaggio inviate al cliente';
const SEND = 'Invia la dichiarazione da accettare';

describe('PortalDeclarations', () => {
  it('lists what was sent, opened and accepted (by whom, when, IP), the SHA-256 shortened; the PDF downloads', async () => {
    login('Collaboratore');
    list = [ACCEPTED];
    const user = userEvent.setup();
    ui();
    const section = await screen.findByRole('region', { name: 'Dichiarazione antiriciclaggio' });
    const table = await within(section).findByRole('table', { name: TABLE });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Inviata il', 'Stato', 'Apertura', 'Accettata', 'SHA-256', 'PDF']);
    const row = rowOf(table, '02-03-2026 09:30');
    expect(cellsOf(row)).toEqual([
      '02-03-2026 09:30da Laura Neri',
      'Accettata',
      'Aperta il 03-03-2026 18:40',
      '03-03-2026 18:45da Paolo Alfa (paolo@alfa.it)IP 203.0.113.7',
      'ab12cd34ef56…',
      'PDF',
    ]);
    const sha = within(row).getByLabelText(`SHA-256 ${SHA_OLD}`);
    expect(sha).toHaveAttribute('title', SHA_OLD);
    expect(within(row).getByTitle(UA)).toHaveTextContent('Paolo Alfa');

    const pdf = within(row).getByRole('button', {
      name: 'Scarica il PDF della dichiarazione inviata il 02-03-2026 09:30',
    });
    expect(pdf).toHaveAttribute('type', 'button');
    await user.click(pdf);
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(downloads).toEqual(['/api/customer/5/portal/declarations/7/pdf']);
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('Dichiarazione_antiriciclaggio_Alfa_S.r.l.pdf');
    expect(within(section).getByRole('button', { name: SEND })).toHaveAttribute('type', 'button');
    expect(await seriousAxe(section)).toEqual([]);
  });

  it('sending asks first (nothing on ‘Annulla’), then posts once, lists the new one and says who was notified', async () => {
    login('Collaboratore');
    list = [ACCEPTED];
    const user = userEvent.setup();
    ui();
    const section = await screen.findByRole('region', { name: 'Dichiarazione antiriciclaggio' });
    const table = await within(section).findByRole('table', { name: TABLE });

    await user.click(within(section).getByRole('button', { name: SEND }));
    let dialog = await screen.findByRole('dialog', { name: SEND });
    expect(dialog).toHaveTextContent('Le persone del cliente ricevono un avviso per e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await negativeLook();
    expect(posts).toBe(0);

    await user.click(within(section).getByRole('button', { name: SEND }));
    dialog = await screen.findByRole('dialog', { name: SEND });
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText('Dichiarazione inviata: 2 persone avvisate per e-mail')).toBeInTheDocument();
    expect(posts).toBe(1);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const fresh = rowOf(table, '10-04-2026 11:00');
    expect(cellsOf(fresh)).toEqual([
      '10-04-2026 11:00da Mario Rossi',
      'Da accettare',
      'Non ancora aperta',
      '—',
      '9f8e7d6c5b4a…',
      'PDF',
    ]);
  });

  it('the server’s refusal (nobody in the area) is shown as it says it; the list stays as it was', async () => {
    login('Collaboratore');
    refuse = true;
    // react-admin's data provider logs a call's failure
    guard.allow(/persone attive nell'area clienti/);
    const user = userEvent.setup();
    ui();
    const section = await screen.findByRole('region', { name: 'Dichiarazione antiriciclaggio' });
    expect(
      await within(section).findByText("Nessuna dichiarazione inviata al cliente da accettare nell'area clienti."),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: SEND }));
    await user.click(within(await screen.findByRole('dialog', { name: SEND })).getByRole('button', { name: 'Invia' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(DECLARATION_MESSAGES.noPeople);
    expect(await screen.findByText('Dichiarazione non inviata')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(within(section).queryByRole('table')).toBeNull();
    await waitFor(() => expect(within(section).getByRole('button', { name: SEND })).toBeEnabled());
  });

  it('on a phone (390 px) two columns: the declaration with its details, the PDF', async () => {
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
    list = [ACCEPTED];
    ui();
    const table = await screen.findByRole('table', { name: TABLE });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Dichiarazione', 'PDF']);
    const [details, pdf] = cellsOf(rowOf(table, '02-03-2026 09:30'));
    expect(details).toContain('Accettata');
    expect(details).toContain('Aperta il 03-03-2026 18:40');
    expect(details).toContain('da Paolo Alfa (paolo@alfa.it)');
    expect(details).toContain('IP 203.0.113.7');
    expect(details).toContain('SHA-256 ab12cd34ef56…');
    expect(pdf).toBe('PDF');
  });
});
