/** App settings from GET /api/var/client_var: application name, flags, build id. */
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { dataProvider } from '../dataProvider';

export const APP_VERSION = '3.5.1';
export const DEFAULT_APP_NAME = 'Gestionale Studi';

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

/** Retries network / 5xx failures once, never 4xx. */
export const retryShell = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

export const CLIENT_VAR_QUERY_KEY = ['shell', 'client_var'] as const;

/**
 * App settings (public call). With `poll` the settings are re-read every 60 s and on window
 * focus, to tell when a new build is served.
 */
export function useClientVar({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: CLIENT_VAR_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.clientVar({ signal }),
    staleTime: 60_000,
    retry: retryShell,
    ...(poll ? { refetchInterval: 60_000, refetchOnWindowFocus: 'always' as const } : {}),
  });
}

/** The application name from the settings (fallback while loading). */
export function useAppName(): string {
  const { data } = useClientVar();
  return data?.APPNAME || DEFAULT_APP_NAME;
}

