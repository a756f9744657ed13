/** App settings from GET /api/var/client_var: application name, flags, build id. */
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { dataProvider } from '../dataProvider';

export const APP_VERSION = '3.5.1';
export const DEFAULT_APP_NAME = 'Gestionale Studi';

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
