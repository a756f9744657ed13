/**
 * The captcha of the public forms behind one component: the self-hosted proof of work (altcha,
 * default) or Google's reCAPTCHA v2 when client_var says CAPTCHA 'recaptcha' with a site key.
 * `onChange` gets the token to send as `g_recaptcha_response`, or null when there is none (not
 * solved yet, expired, failed). Remount it (a new `key`) to ask for a fresh one.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Box, Skeleton } from '@mui/material';

import { useClientVar } from '../../layout/settings';
import { CAPTCHA_CHALLENGE_URL } from '../../dataProvider';

const AltchaWidget = lazy(() => import('./AltchaWidget'));

export interface CaptchaProps {
  onChange: (payload: string | null) => void;
}

const Placeholder = () => (
  <Skeleton variant="rounded" height={64} role="progressbar" aria-label="Caricamento del captcha" />
);

export function Captcha({ onChange }: CaptchaProps) {
  const { data: settings, isPending } = useClientVar();
  if (isPending) return <Placeholder />;
  if (settings?.CAPTCHA === 'recaptcha' && settings.RECAPTCHA_SITE_KEY) {
    return <Recaptcha siteKey={settings.RECAPTCHA_SITE_KEY} onChange={onChange} />;
  }
  return (
    <Suspense fallback={<Placeholder />}>
      <AltchaWidget challengeUrl={CAPTCHA_CHALLENGE_URL} onChange={onChange} />
    </Suspense>
  );
}

// ---- reCAPTCHA v2 (checkbox), explicit rendering ----

interface Grecaptcha {
  render: (
    el: HTMLElement,
    options: {
      sitekey: string;
      hl?: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ) => number;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    gsRecaptchaLoaded?: () => void;
  }
}

let loading: Promise<Grecaptcha> | null = null;
/** Google's script, once (an already present `window.grecaptcha` is used as it is). */
function loadRecaptcha(): Promise<Grecaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.gsRecaptchaLoaded = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('reCAPTCHA')));
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?onload=gsRecaptchaLoaded&render=explicit&hl=it';
    script.async = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('reCAPTCHA'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

function Recaptcha({ siteKey, onChange }: { siteKey: string; onChange: (token: string | null) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    let cancelled = false;
    // a fresh element each time: reCAPTCHA renders only once into an element
    const el = document.createElement('div');
    box.current?.appendChild(el);
    loadRecaptcha()
      .then((g) => {
        if (cancelled) return;
        g.render(el, {
          sitekey: siteKey,
          hl: 'it',
          callback: (token) => onChangeRef.current(token || null),
          'expired-callback': () => onChangeRef.current(null),
          'error-callback': () => onChangeRef.current(null),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      el.remove();
    };
  }, [siteKey]);
  return (
    <>
      <Box ref={box} sx={{ minHeight: 78 }} />
      {failed ? (
        <Alert severity="error" role="alert">
          Impossibile caricare il captcha: controlla la connessione e ricarica la pagina.
        </Alert>
      ) : null}
    </>
  );
}

export default Captcha;
