/**
 * The requests and answers of the public area's calls (server/areas/accountLifecycle, C59–C65:
 * registration, contact form, activation, password recovery): one source for the server's
 * schemas, its service's input and the app's types (imported as types only by the app).
 */
import { z } from 'zod';
import { Scalar } from './records.js';

/**
 * A public form: each field (described by `fields`) checked by the service, which answers 400 with
 * the first problem as the message (the page shows it) and every field's; no body is an empty form.
 */
const form = <K extends string>(fields: Record<K, string>) =>
  z
    .looseObject(
      Object.fromEntries(Object.entries<string>(fields).map(([k, d]) => [k, Scalar.optional().describe(d)])) as Record<
        K,
        z.ZodOptional<typeof Scalar>
      >,
    )
    .nullish();

/** C59 POST /api/studio/actions/registration */
export const RegisterStudioInput = form({
  name: 'nome dello studio (max 30)',
  email: 'email (obbligatoria)',
  mobile_number: 'cellulare (max 30)',
  password: 'password (8–30 caratteri)',
});
export type RegisterStudioInput = z.infer<typeof RegisterStudioInput>;

/** C62 POST /api/user/register */
export const RegisterUserInput = form({
  email: 'email',
  password: 'password (8–30)',
  password_confirmation: 'la stessa password',
  name: 'nome (facoltativo, max 30)',
  terms: 'true',
  privacy: 'true',
});
export type RegisterUserInput = z.infer<typeof RegisterUserInput>;

/** C63 POST /api/user/password/init_reset */
export const InitResetInput = form({ email: 'email', g_recaptcha_response: 'la soluzione del captcha' });
export type InitResetInput = z.infer<typeof InitResetInput>;

/** C64 POST /api/user/password/do_reset */
export const DoResetInput = form({
  email: 'email',
  password: 'nuova password (almeno 8)',
  password_confirmation: 'la stessa password',
  token: 'il token del link',
});
export type DoResetInput = z.infer<typeof DoResetInput>;

/** C60 POST /api/contact_form/actions/send_contact_form */
export const ContactFormInput = form({
  name: 'nome (max 30)',
  email: 'email (obbligatoria)',
  tel: 'telefono (max 30)',
  note: 'note (max 100)',
});
export type ContactFormInput = z.infer<typeof ContactFormInput>;

/** C61, C65: the token of the link (or of the social login) in the address. */
export const TokenParams = z.object({ token: z.string() });

/** An ALTCHA challenge (altcha-lib's v2 `Challenge`): what the widget solves, signed by this server. */
export const CaptchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), Scalar).optional(),
  }),
  signature: z.string().optional(),
  codeChallenge: z
    .object({ image: z.string(), audio: z.string().optional(), length: z.number().optional() })
    .optional(),
});

/** What each of them answers: the Italian sentence the page shows. */
export const PublicAnswer = z.object({ message: z.string() });
export type PublicAnswer = z.infer<typeof PublicAnswer>;
