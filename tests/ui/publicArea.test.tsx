/**
 * The public area (issue 15) against a mocked API (msw), without a session: the landing page
 * and its studio registration (C59), the free-trial contact form (C60), the account
 * registration (C62, only when REGISTRATION_ENABLED), the activation link (C65), the password
 * recovery with its captcha (C63) and the reset (C64). The captcha's web component is replaced
 * by a stand-in whose buttons solve it or let it expire.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { logout, negativeLook, renderApp } from './harness';

vi.mock('../../src/pages/public/AltchaWidget', () => ({
  default: ({ challengeUrl, onChange }: { challengeUrl: string; onChange: (payload: string | null) => void }) => (
    <div data-testid="altcha" data-challenge={challengeUrl}>
      <button type="button" onClick={() => onChange('altcha-payload-1')}>
        Risolvi il captcha
      </button>
      <button type="button" onClick={() => onChange(null)}>
        Fai scadere il captcha
      </button>
    </div>
  ),
}));

const SETTINGS = {
  APPNAME: 'Gestionale Test',
  VERSION: '3.5.1',
  BUILD_ID: 'test',
  REGISTRATION_ENABLED: true,
  GOOGLE_LOGIN_ENABLED: false,
  FACEBOOK_LOGIN_ENABLED: false,
  CAPTCHA: 'altcha',
  RECAPTCHA_SITE_KEY: null,
  SUPPORT_EMAIL: 'aiuto@gestionale.test',
};
let settings: Record<string, unknown> = SETTINGS;

const calls: Array<{ method: string; path: string; body?: unknown }> = [];
const record = async (request: Request) => {
  const url = new URL(request.url);
  calls.push({
    method: request.method,
    path: url.pathname,
    ...(request.method === 'GET' ? {} : { body: await request.clone().json() }),
  });
};
const server = setupServer(
  http.get('*/api/var/client_var', () => HttpResponse.json(settings)),
  http.post('*/api/studio/actions/registration', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ message: 'Studio registrato' }, { status: 201 });
  }),
  http.post('*/api/contact_form/actions/send_contact_form', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ message: 'Grazie, ti contatteremo entro un giorno lavorativo.' }, { status: 201 });
  }),
  http.post('*/api/user/register', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ message: 'Utente registrato' }, { status: 201 });
  }),
  http.post('*/api/user/password/init_reset', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ message: "Se l'indirizzo è registrato riceverai una mail con il link." });
  }),
  http.post('*/api/user/password/do_reset', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ message: 'Password aggiornata: ora puoi accedere.' });
  }),
  http.get('*/api/user/activate/:token', async ({ request, params }) => {
    await record(request);
    return params.token === 'buono'
      ? HttpResponse.json({ message: 'Account attivato con successo.' })
      : HttpResponse.json({ message: 'Link di attivazione non valido o scaduto' }, { status: 400 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
  settings = SETTINGS;
  logout();
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const password = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
/** Long values pasted rather than typed key by key (the rules' limits are 30 and 100 characters). */
const paste = async (user: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) => {
  await user.click(el);
  await user.paste(text);
};
/** The message under a field (its helper text, named by aria-describedby). */
const helperOf = (input: HTMLElement) =>
  (document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '')
    .replace(/\u200B/g, '')
    .trim();

describe('/landing_page', () => {
  it('tells what the product does, links to the login and the free trial, and gives the support address', async () => {
    renderApp('/landing_page');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Il gestionale online che tiene in ordine il tuo studio',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const features = screen.getByRole('region', { name: 'Tutto il lavoro dello studio, in un solo gestionale' });
    for (const f of [
      'Gestione clienti',
      'Servizi e incarichi',
      'Adempimenti',
      'Fatture elettroniche',
      'Bollettini di pagamento',
      'Report delle transazioni',
      'Contratti e antiriciclaggio',
    ]) {
      expect(within(features).getByRole('heading', { level: 3, name: f })).toBeInTheDocument();
    }
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', '/utente/login');
    expect(await within(header).findByRole('link', { name: /Gestionale Test/ })).toHaveAttribute(
      'href',
      '/landing_page',
    );
    expect(
      screen.getByRole('link', { name: 'Preferisci essere contattato? Iscriviti alla prova gratuita' }),
    ).toHaveAttribute('href', '/utente/contact_form');
    expect(
      await within(screen.getByRole('contentinfo')).findByRole('link', { name: 'aiuto@gestionale.test' }),
    ).toHaveAttribute('href', 'mailto:aiuto@gestionale.test');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('form', { name: 'Registra il tuo studio' }));
    await waitFor(() => expect(document.title).toBe('Il gestionale per il tuo studio - Gestionale Test'));
  });

  it('the studio registration: the rules of seed B §5 before sending, then C59 with the four fields and the success message instead of the form', async () => {
    const user = userEvent.setup();
    renderApp('/landing_page');
    const form = await screen.findByRole('form', { name: 'Registra il tuo studio' });
    await user.click(within(form).getByRole('button', { name: 'Registra lo studio' }));
    const name = within(form).getByRole('textbox', { name: /Nome dello studio/ });
    const email = within(form).getByRole('textbox', { name: /Email/ });
    const mobile = within(form).getByRole('textbox', { name: /Cellulare/ });
    const pwd = within(form).getByLabelText(/^Password/, { selector: 'input' });
    expect(helperOf(name)).toBe('Campo Obbligatorio');
    expect(helperOf(email)).toBe('Campo Obbligatorio');
    expect(helperOf(pwd)).toBe('Campo Obbligatorio');
    expect(name).toHaveFocus();

    await paste(user, name, 'S'.repeat(31));
    await user.type(email, 'non-una-mail');
    await paste(user, mobile, '3'.repeat(31));
    await user.type(pwd, 'corta');
    expect(helperOf(name)).toBe('Numero massimo di caratteri superato');
    expect(helperOf(email)).toBe('Email Non Valida');
    expect(helperOf(mobile)).toBe('Numero massimo di caratteri superato');
    expect(helperOf(pwd)).toBe('Digita almeno 8 caratteri');
    await user.clear(pwd);
    await paste(user, pwd, 'x'.repeat(31));
    expect(helperOf(pwd)).toBe('Numero massimo di caratteri superato');
    await user.click(within(form).getByRole('button', { name: 'Registra lo studio' }));
    await negativeLook();
    expect(calls).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Studio Verdi');
    await user.clear(email);
    await user.type(email, ' verdi@studio.test ');
    await user.clear(mobile);
    await user.type(mobile, '3331234567');
    await user.clear(pwd);
    await user.type(pwd, 'Segreta2026');
    await user.click(within(form).getByRole('button', { name: 'Registra lo studio' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent("Registrazione avvenuta con successo, riceverai a breve una mail per l'attivazione");
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/studio/actions/registration',
        body: {
          name: 'Studio Verdi',
          email: 'verdi@studio.test',
          mobile_number: '3331234567',
          password: 'Segreta2026',
        },
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Registra lo studio' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Nome dello studio/ })).not.toBeInTheDocument();
  });

  it.each([
    [400, "L'email è già registrata"],
    [429, 'Troppe richieste: riprova tra un minuto'],
  ])('a %i of C59 shows the server message and keeps the form', async (status, message) => {
    server.use(http.post('*/api/studio/actions/registration', () => HttpResponse.json({ message }, { status })));
    const user = userEvent.setup();
    renderApp('/landing_page');
    const form = await screen.findByRole('form', { name: 'Registra il tuo studio' });
    await user.type(within(form).getByRole('textbox', { name: /Nome dello studio/ }), 'Studio Verdi');
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), 'verdi@studio.test');
    await user.type(within(form).getByLabelText(/^Password/, { selector: 'input' }), 'Segreta2026');
    await user.click(within(form).getByRole('button', { name: 'Registra lo studio' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Nome dello studio/ })).toHaveValue('Studio Verdi');
  });

  it("a server error other than a 4xx says 'Errore di salvataggio…' (seed B §8)", async () => {
    server.use(
      http.post('*/api/studio/actions/registration', () =>
        HttpResponse.json({ message: 'boom interno' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/landing_page');
    const form = await screen.findByRole('form', { name: 'Registra il tuo studio' });
    await user.type(within(form).getByRole('textbox', { name: /Nome dello studio/ }), 'Studio Verdi');
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), 'verdi@studio.test');
    await user.type(within(form).getByLabelText(/^Password/, { selector: 'input' }), 'Segreta2026');
    await user.click(within(form).getByRole('button', { name: 'Registra lo studio' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Errore di salvataggio, è consigliato, prima di proseguire, risolvere il problema.',
    );
    expect(alert).not.toHaveTextContent('boom interno');
  });
});

describe('/utente/contact_form', () => {
  it("the free-trial request: e-mail required and valid, note max 100, then C60 and the server's answer in a success box", async () => {
    const user = userEvent.setup();
    renderApp('/utente/contact_form');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iscriviti alla prova gratuita' })).toBeInTheDocument();
    // the public layout: home link, 'Accedi', the support address
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Accedi' })).toHaveAttribute(
      'href',
      '/utente/login',
    );
    expect(
      await within(screen.getByRole('contentinfo')).findByRole('link', { name: 'aiuto@gestionale.test' }),
    ).toHaveAttribute('href', 'mailto:aiuto@gestionale.test');
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));
    expect(helperOf(field(/Email/))).toBe('Campo Obbligatorio');
    expect(helperOf(field(/Nome e cognome/))).not.toBe('Campo Obbligatorio');
    await user.type(field(/Email/), 'rossi@');
    await paste(user, field(/Nome e cognome/), 'N'.repeat(31));
    await paste(user, field(/Telefono/), '0'.repeat(31));
    await paste(user, field(/Note/), 'n'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));
    expect(helperOf(field(/Email/))).toBe('Email Non Valida');
    expect(helperOf(field(/Nome e cognome/))).toBe('Numero massimo di caratteri superato');
    expect(helperOf(field(/Telefono/))).toBe('Numero massimo di caratteri superato');
    expect(helperOf(field(/Note/))).toBe('Numero massimo di caratteri superato');
    await negativeLook();
    expect(calls).toEqual([]);

    await user.clear(field(/Email/));
    await user.type(field(/Email/), 'rossi@esempio.test');
    await user.clear(field(/Nome e cognome/));
    await user.type(field(/Nome e cognome/), 'Anna Rossi');
    await user.clear(field(/Telefono/));
    await user.type(field(/Telefono/), '06 1234567');
    await user.clear(field(/Note/));
    await user.type(field(/Note/), 'Studio con 3 collaboratori');
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Richiesta inviata');
    expect(done).toHaveTextContent('Grazie, ti contatteremo entro un giorno lavorativo.');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/contact_form/actions/send_contact_form',
        body: {
          name: 'Anna Rossi',
          email: 'rossi@esempio.test',
          tel: '06 1234567',
          note: 'Studio con 3 collaboratori',
        },
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Invia la richiesta' })).not.toBeInTheDocument();
  });

  it('a 429 shows the server message', async () => {
    server.use(
      http.post('*/api/contact_form/actions/send_contact_form', () =>
        HttpResponse.json({ message: 'Troppe richieste: riprova tra un minuto' }, { status: 429 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/utente/contact_form');
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'rossi@esempio.test');
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Troppe richieste: riprova tra un minuto');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('/utente/registrati', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, pwd = 'Segreta2026', confirm = pwd) => {
    await user.type(field(/Nome e cognome/), 'Luca Bianchi');
    await user.type(password(/^Password/), pwd);
    await user.type(password(/^Conferma password/), confirm);
  };

  it('?email= prefills the e-mail; both checkboxes must be ticked; then C62 with terms and privacy and the success box', async () => {
    const user = userEvent.setup();
    renderApp('/utente/registrati?email=luca%40bianchi.test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrati' })).toBeInTheDocument();
    expect(field(/Email/)).toHaveValue('luca@bianchi.test');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    const terms = screen.getByRole('checkbox', { name: 'Accetta i termini e condizioni' });
    const privacy = screen.getByRole('checkbox', { name: "Accetta l'informativa sulla privacy" });
    expect(helperOf(terms)).toBe('Accettazione obbligatoria');
    expect(helperOf(privacy)).toBe('Accettazione obbligatoria');
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveFocus();
    await user.click(terms);
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(helperOf(terms)).toBe('');
    expect(helperOf(privacy)).toBe('Accettazione obbligatoria');
    await negativeLook();
    expect(calls).toEqual([]);

    await user.click(privacy);
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent("Registrazione avvenuta con successo, riceverai a breve una mail per l'attivazione");
    expect(within(done).getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', '/utente/login');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/user/register',
        body: {
          email: 'luca@bianchi.test',
          password: 'Segreta2026',
          password_confirmation: 'Segreta2026',
          name: 'Luca Bianchi',
          terms: true,
          privacy: true,
        },
      },
    ]);
    await waitFor(() => expect(document.title).toBe('Registrati - Gestionale Test'));
  });

  it("the password at least 8 characters, the confirmation equal to it: 'Le password non coincidono'", async () => {
    const user = userEvent.setup();
    renderApp('/utente/registrati');
    expect(await screen.findByRole('textbox', { name: /Email/ })).toHaveValue('');
    await fill(user, 'corta', 'diversa1');
    await user.type(field(/Email/), 'luca@bianchi.test');
    await user.click(screen.getByRole('checkbox', { name: 'Accetta i termini e condizioni' }));
    await user.click(screen.getByRole('checkbox', { name: "Accetta l'informativa sulla privacy" }));
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(helperOf(password(/^Password/))).toBe('Digita almeno 8 caratteri');
    expect(helperOf(password(/^Conferma password/))).toBe('Le password non coincidono');
    await user.clear(password(/^Password/));
    await user.type(password(/^Password/), 'diversa1');
    expect(helperOf(password(/^Conferma password/))).toBe('');
    await negativeLook();
    expect(calls).toEqual([]);
  });

  it("a refusal shows 'Errore Durante la Registrazione: {server message}'", async () => {
    server.use(
      http.post('*/api/user/register', () =>
        HttpResponse.json({ message: "L'email è già registrata" }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/utente/registrati?email=luca%40bianchi.test');
    await screen.findByRole('heading', { level: 1, name: 'Registrati' });
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'Accetta i termini e condizioni' }));
    await user.click(screen.getByRole('checkbox', { name: "Accetta l'informativa sulla privacy" }));
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Errore Durante la Registrazione: L'email è già registrata",
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('registration disabled: the not-found page, no form', async () => {
    settings = { ...SETTINGS, REGISTRATION_ENABLED: false };
    renderApp('/utente/registrati?email=luca%40bianchi.test');
    expect(await screen.findByText('Pagina NON trovata')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrati' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pagina NON trovata - Gestionale Test'));
  });
});

describe('/utente/attivazione', () => {
  it('a good token: C65 once, the success box with the server message and Accedi', async () => {
    renderApp('/utente/attivazione?token=buono');
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Account attivato');
    expect(done).toHaveTextContent('Account attivato con successo.');
    expect(within(done).getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', '/utente/login');
    await negativeLook();
    expect(calls).toEqual([{ method: 'GET', path: '/api/user/activate/buono' }]);
  });

  it('a refused token: the error box with the server message', async () => {
    renderApp('/utente/attivazione?token=scaduto');
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Attivazione non riuscita');
    expect(box).toHaveTextContent('Link di attivazione non valido o scaduto');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('no token: the error box, nothing asked', async () => {
    renderApp('/utente/attivazione');
    expect(await screen.findByRole('alert')).toHaveTextContent('Link non valido');
    await negativeLook();
    expect(calls).toEqual([]);
  });
});

describe('/utente/recupera_password', () => {
  it("without a solved captcha: 'Clicca sul Captcha per Proseguire!' and nothing sent; solved: C63 with g_recaptcha_response and the answer instead of the form", async () => {
    const user = userEvent.setup();
    renderApp('/utente/recupera_password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recupera password' })).toBeInTheDocument();
    expect(await screen.findByTestId('altcha')).toHaveAttribute('data-challenge', '/api/captcha/challenge');
    await user.type(field(/Email/), 'admin@studiodemo.test');
    await user.click(screen.getByRole('button', { name: 'Invia il link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Clicca sul Captcha per Proseguire!');
    await negativeLook();
    expect(calls).toEqual([]);

    // solved, then expired: still nothing to send
    await user.click(screen.getByRole('button', { name: 'Risolvi il captcha' }));
    expect(screen.queryByText('Clicca sul Captcha per Proseguire!')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fai scadere il captcha' }));
    await user.click(screen.getByRole('button', { name: 'Invia il link' }));
    expect(screen.getByText('Clicca sul Captcha per Proseguire!')).toBeInTheDocument();
    await negativeLook();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Risolvi il captcha' }));
    await user.click(screen.getByRole('button', { name: 'Invia il link' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent("Se l'indirizzo è registrato riceverai una mail con il link.");
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/user/password/init_reset',
        body: { email: 'admin@studiodemo.test', g_recaptcha_response: 'altcha-payload-1' },
      },
    ]);
    expect(screen.queryByRole('textbox', { name: /Email/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('altcha')).not.toBeInTheDocument();
  });

  it('the e-mail must be valid', async () => {
    const user = userEvent.setup();
    renderApp('/utente/recupera_password');
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'admin@');
    await user.click(await screen.findByRole('button', { name: 'Risolvi il captcha' }));
    await user.click(screen.getByRole('button', { name: 'Invia il link' }));
    expect(helperOf(field(/Email/))).toBe('Email Non Valida');
    await negativeLook();
    expect(calls).toEqual([]);
  });

  it('a refused captcha shows the server message and asks for a new one', async () => {
    server.use(
      http.post('*/api/user/password/init_reset', () =>
        HttpResponse.json({ message: 'Captcha non valido' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/utente/recupera_password');
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'admin@studiodemo.test');
    await user.click(await screen.findByRole('button', { name: 'Risolvi il captcha' }));
    await user.click(screen.getByRole('button', { name: 'Invia il link' }));
    expect(await screen.findByText('Captcha non valido')).toBeInTheDocument();
    // the used captcha is gone: sending again needs a new one
    await user.click(screen.getByRole('button', { name: 'Invia il link' }));
    expect(await screen.findByText('Clicca sul Captcha per Proseguire!')).toBeInTheDocument();
  });

  it("with CAPTCHA 'recaptcha': Google's widget gets the site key and its token goes as g_recaptcha_response", async () => {
    settings = { ...SETTINGS, CAPTCHA: 'recaptcha', RECAPTCHA_SITE_KEY: 'site-key-123' };
    let options: { sitekey: string; callback: (t: string) => void } | undefined;
    const render = vi.fn((_el: HTMLElement, o: typeof options) => {
      options = o;
      return 0;
    });
    vi.stubGlobal('grecaptcha', { render });
    const user = userEvent.setup();
    renderApp('/utente/recupera_password');
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'admin@studiodemo.test');
    await waitFor(() => expect(render).toHaveBeenCalled());
    expect(options?.sitekey).toBe('site-key-123');
    expect(screen.queryByTestId('altcha')).not.toBeInTheDocument();
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
    options!.callback('recaptcha-token-9');
    await user.click(screen.getByRole('button', { name: 'Invia il link' }));
    await screen.findByRole('status');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/user/password/init_reset',
        body: { email: 'admin@studiodemo.test', g_recaptcha_response: 'recaptcha-token-9' },
      },
    ]);
  });
});

describe('/utente/resetta_password', () => {
  it("the new password at least 8 ('Digita almeno 8 caratteri') and confirmed, then C64 with the token and the success box with Accedi", async () => {
    const user = userEvent.setup();
    renderApp('/utente/resetta_password?token=tok-42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reimposta password' })).toBeInTheDocument();
    await user.type(field(/Email/), 'admin@studiodemo.test');
    await user.type(password(/^Nuova password/), 'corta');
    await user.type(password(/^Conferma la nuova password/), 'corta2');
    await user.click(screen.getByRole('button', { name: 'Salva la nuova password' }));
    expect(helperOf(password(/^Nuova password/))).toBe('Digita almeno 8 caratteri');
    expect(helperOf(password(/^Conferma la nuova password/))).toBe('Le password non coincidono');
    await negativeLook();
    expect(calls).toEqual([]);

    await user.clear(password(/^Nuova password/));
    await user.type(password(/^Nuova password/), 'NuovaPass2026');
    await user.clear(password(/^Conferma la nuova password/));
    await user.type(password(/^Conferma la nuova password/), 'NuovaPass2026');
    await user.click(screen.getByRole('button', { name: 'Salva la nuova password' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Password aggiornata: ora puoi accedere.');
    expect(within(done).getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', '/utente/login');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/user/password/do_reset',
        body: {
          email: 'admin@studiodemo.test',
          password: 'NuovaPass2026',
          password_confirmation: 'NuovaPass2026',
          token: 'tok-42',
        },
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Salva la nuova password' })).not.toBeInTheDocument();
  });

  it('a refused token shows the server message in an error box', async () => {
    server.use(
      http.post('*/api/user/password/do_reset', () =>
        HttpResponse.json({ message: 'Il link per reimpostare la password è scaduto' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/utente/resetta_password?token=vecchio');
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'admin@studiodemo.test');
    await user.type(password(/^Nuova password/), 'NuovaPass2026');
    await user.type(password(/^Conferma la nuova password/), 'NuovaPass2026');
    await user.click(screen.getByRole('button', { name: 'Salva la nuova password' }));
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Il link per reimpostare la password è scaduto');
    expect(within(box).getByRole('link', { name: 'Chiedi un nuovo link' })).toHaveAttribute(
      'href',
      '/utente/recupera_password',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('no token: the error box and no form', async () => {
    renderApp('/utente/resetta_password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Link non valido');
    expect(screen.queryByRole('button', { name: 'Salva la nuova password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
