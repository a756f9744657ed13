/**
 * The social-login buttons of the login page (seed B §1, §4; C61), each only when its flag is on:
 * Google Identity Services (its own button, an ID token) and the Facebook SDK (an access token),
 * each script loaded from its provider only then (the server's CSP allows them only then). The
 * token goes to the server, which checks it with the provider (never an e-mail from here).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import FacebookIcon from '@mui/icons-material/Facebook';

export type SocialProvider = 'google' | 'facebook';
export const SOCIAL_LABEL: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

interface Props {
  google?: string | null;
  facebook?: string | null;
  disabled?: boolean;
  /** the provider's token, and the e-mail it names when known (to prefill a registration) */
  onToken(provider: SocialProvider, token: string, email: string | null): void;
}

declare global {
  interface Window {
    google?: {
      accounts: {
        id: {
          initialize(o: { client_id: string; callback(r: { credential?: string }): void; ux_mode?: string }): void;
          renderButton(el: HTMLElement, o: Record<string, unknown>): void;
        };
      };
    };
    FB?: {
      init(o: Record<string, unknown>): void;
      login(cb: (r: { authResponse?: { accessToken?: string } }) => void, o: { scope: string }): void;
      api(path: string, cb: (r: { email?: string }) => void): void;
    };
    fbAsyncInit?: () => void;
  }
}

const loaded = new Map<string, Promise<void>>();
/** one <script> per address, once */
function loadScript(src: string): Promise<void> {
  let p = loaded.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => {
        loaded.delete(src);
        reject(new Error(src));
      };
      document.head.appendChild(s);
    });
    loaded.set(src, p);
  }
  return p;
}

/** the e-mail inside a Google ID token (its payload, unverified: only to prefill a form) */
export function emailOfIdToken(token: string): string | null {
  try {
    const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(decodeURIComponent(escape(atob(part)))) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : null;
  } catch {
    return null;
  }
}

function GoogleButton({ clientId, onToken }: { clientId: string; onToken: Props['onToken'] }) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadScript('https://accounts.google.com/gsi/client').then(
      () => {
        if (!live || !ref.current || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: (r) => {
            if (r.credential) onToken('google', r.credential, emailOfIdToken(r.credential));
          },
        });
        window.google.accounts.id.renderButton(ref.current, {
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          locale: 'it',
          width: 320,
        });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [clientId, onToken]);
  if (failed)
    return <Alert severity="warning">Accesso con Google non disponibile: impossibile raggiungere Google.</Alert>;
  return <div ref={ref} aria-label="Accedi con Google" />;
}

function FacebookButton({
  appId,
  disabled,
  onToken,
}: {
  appId: string;
  disabled?: boolean;
  onToken: Props['onToken'];
}) {
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadScript('https://connect.facebook.net/it_IT/sdk.js').then(
      () => {
        window.FB?.init({ appId, version: 'v19.0', cookie: false, xfbml: false });
        if (live) setReady(true);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [appId]);
  if (failed)
    return <Alert severity="warning">Accesso con Facebook non disponibile: impossibile raggiungere Facebook.</Alert>;
  const login = () =>
    window.FB?.login(
      (r) => {
        const token = r.authResponse?.accessToken;
        if (!token) return;
        window.FB!.api('/me?fields=email', (me) => onToken('facebook', token, me?.email ?? null));
      },
      { scope: 'email' },
    );
  return (
    <Button variant="outlined" startIcon={<FacebookIcon />} onClick={login} disabled={disabled || !ready} fullWidth>
      Accedi con Facebook
    </Button>
  );
}

export default function SocialLogin({ google, facebook, disabled, onToken }: Props) {
  if (!google && !facebook) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 2, alignItems: 'center' }} aria-label="Accesso con un altro account">
      {google ? <GoogleButton clientId={google} onToken={onToken} /> : null}
      {facebook ? <FacebookButton appId={facebook} disabled={disabled} onToken={onToken} /> : null}
    </Stack>
  );
}
