/**
 * The public area (C59–C65, no session): registration, contact form, activation, password
 * recovery. Errors stay ApiError: the pages show the server's message (400, 404, 429) from it.
 */
import { apiFetch } from '../api/client';
import type {
  ContactFormInput,
  DoResetInput,
  InitResetInput,
  PublicAnswer,
  RegisterStudioInput,
  RegisterUserInput,
} from '../../model/api/accountLifecycle';

export type { PublicAnswer };

/**
 * Where the captcha widget (altcha) fetches its proof-of-work challenge by itself: the one call
 * of the app that does not go through apiFetch (the web component makes it).
 */
export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

export const accountLifecycleCalls = {
  /** C59 POST /api/studio/actions/registration: a studio and its (inactive) Admin; the activation link goes by e-mail. */
  registerStudio: (body: RegisterStudioInput) =>
    apiFetch<PublicAnswer>('/api/studio/actions/registration', { method: 'POST', json: body }),
  /** C60 POST /api/contact_form/actions/send_contact_form: the free-trial request ('Iscriviti'). */
  sendContactForm: (body: ContactFormInput) =>
    apiFetch<PublicAnswer>('/api/contact_form/actions/send_contact_form', { method: 'POST', json: body }),
  /** C62 POST /api/user/register: an account (404 when registration is disabled). */
  registerUser: (body: RegisterUserInput) =>
    apiFetch<PublicAnswer>('/api/user/register', { method: 'POST', json: body }),
  /** C63 POST /api/user/password/init_reset: the reset link by e-mail (the same answer whether the e-mail exists or not). */
  initPasswordReset: (body: InitResetInput) =>
    apiFetch<PublicAnswer>('/api/user/password/init_reset', { method: 'POST', json: body }),
  /** C64 POST /api/user/password/do_reset: the new password with the e-mailed token. */
  doPasswordReset: (body: DoResetInput) =>
    apiFetch<PublicAnswer>('/api/user/password/do_reset', { method: 'POST', json: body }),
  /** C65 GET /api/user/activate/{token}: activates the account of the e-mailed link. */
  activateAccount: (token: string, params: { signal?: AbortSignal } = {}) =>
    apiFetch<PublicAnswer>(`/api/user/activate/${encodeURIComponent(token)}`, { signal: params.signal }),
};
