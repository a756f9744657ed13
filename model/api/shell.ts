/**
 * The answers of the shell's calls (server/areas/studio: C01, C05, C07, C08): one source for the
 * server's answer schemas and the app's types (imported as types only by the app).
 */
import { z } from 'zod';

/** C01 GET /api/var/client_var (public): the app's settings and the features on. */
export const ClientVar = z.object({
  APPNAME: z.string(),
  SERVER_BASEURL: z.string(),
  VERSION: z.string(),
  BUILD_ID: z.string(),
  CREDIT_ENABLED: z.boolean(),
  EXPORT_ENABLED: z.boolean(),
  REGISTRATION_ENABLED: z.boolean(),
  SOCIAL_LOGIN_ENABLED: z.boolean(),
  /** social login buttons, one flag per provider (seed B §2) */
  GOOGLE_LOGIN_ENABLED: z.boolean(),
  FACEBOOK_LOGIN_ENABLED: z.boolean(),
  /** the Google and Facebook apps of the social logins (when on) */
  GOOGLE_CLIENT_ID: z.string().nullable(),
  FACEBOOK_APP_ID: z.string().nullable(),
  /** the captcha of the password recovery: self-hosted proof of work or Google's reCAPTCHA */
  CAPTCHA: z.enum(['altcha', 'recaptcha']),
  RECAPTCHA_SITE_KEY: z.string().nullable(),
  /** the support address (public pages' footer, error page) */
  SUPPORT_EMAIL: z.string(),
  PAYMENT_SANDBOX: z
    .boolean()
    .describe("pagamenti di prova attivi (PAYMENT_SANDBOX): l'app lo dice a tutti con un avviso"),
});
export type ClientVar = z.infer<typeof ClientVar>;

/** One entry of C08 GET /api/menu_items: a card of the menu page, its link or its children. */
export interface MenuNode {
  title: string;
  sub_title?: string;
  /** MUI icon name, e.g. 'People' */
  icon: string;
  link?: string;
  children?: MenuNode[];
}
export const MenuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    title: z.string(),
    icon: z.string(),
    link: z.string().optional(),
    sub_title: z.string().optional(),
    children: z.array(MenuNode).optional(),
  }),
);

/** C05: the caller's studio — name, subscription expiry (YYYY-MM-DD) and status. */
export const LoggedStudio = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  subscription_expire_date: z.string().nullable(),
  status: z.number().int(),
});
export type LoggedStudio = z.infer<typeof LoggedStudio>;

/** C07: a required field of the studio's card that is empty. */
export const MissingField = z.object({ field: z.string(), label: z.string() });
export type MissingField = z.infer<typeof MissingField>;
