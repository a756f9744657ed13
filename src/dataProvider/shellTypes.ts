/** The answers of the shell's calls (settings, menu), as the app reads them. */

/** GET /api/var/client_var */
export interface ClientVar {
  APPNAME: string;
  SERVER_BASEURL?: string;
  VERSION?: string;
  BUILD_ID?: string;
  CREDIT_ENABLED?: boolean;
  EXPORT_ENABLED?: boolean;
  REGISTRATION_ENABLED?: boolean;
  SOCIAL_LOGIN_ENABLED?: boolean;
  /** social login buttons, one flag per provider (seed B §2) */
  GOOGLE_LOGIN_ENABLED?: boolean;
  FACEBOOK_LOGIN_ENABLED?: boolean;
  /** the Google and Facebook apps of the social logins (when on) */
  GOOGLE_CLIENT_ID?: string | null;
  FACEBOOK_APP_ID?: string | null;
  /** the captcha of the password recovery: self-hosted proof of work or Google's reCAPTCHA */
  CAPTCHA?: 'altcha' | 'recaptcha';
  RECAPTCHA_SITE_KEY?: string | null;
  /** the support address (public pages' footer, error page) */
  SUPPORT_EMAIL?: string;
  /** test payments on (server PAYMENT_SANDBOX): every page says so */
  PAYMENT_SANDBOX?: boolean;
  [key: string]: unknown;
}

/** One entry of GET /api/menu_items. */
export interface MenuNode {
  title: string;
  sub_title?: string | null;
  /** MUI icon name, e.g. 'People' */
  icon?: string | null;
  link?: string | null;
  children?: MenuNode[];
}
