/**
 * The self-hosted proof-of-work captcha (altcha's web component), loaded only with the page that
 * shows it. CSP-friendly build: 'altcha/external' with its stylesheet and its workers as files
 * of our own origin (the default build starts its workers from blob: URLs, which the server's
 * `script-src 'self'` refuses). The UI tests replace this module.
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import { useTheme } from '@mui/material';
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

for (const alg of ['SHA-256', 'SHA-384', 'SHA-512']) $altcha.algorithms.set(alg, () => new ShaWorker());
for (const alg of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
  $altcha.algorithms.set(alg, () => new Pbkdf2Worker());

/** The widget's strings in Italian (the English ones for what the proof of work never shows). */
export const ALTCHA_STRINGS_IT = {
  label: 'Non sono un robot',
  verifying: 'Verifica in corso…',
  verified: 'Verificato',
  error: 'Verifica non riuscita: riprova',
  expired: 'Verifica scaduta: riprova',
  footer: '',
  verificationRequired: 'Verifica richiesta',
  waitAlert: 'Verifica in corso… attendi',
  loading: 'Caricamento…',
  reload: 'Ricarica',
  verify: 'Verifica',
  cancel: 'Annulla',
  ariaLinkLabel: 'Altcha (sito ufficiale)',
};
$altcha.i18n.set('it', { ...$altcha.i18n.get('en'), ...ALTCHA_STRINGS_IT });

export interface AltchaWidgetProps {
  /** where the widget fetches its challenge */
  challengeUrl: string;
  /** the solved payload (base64), or null when not (or no longer) verified */
  onChange: (payload: string | null) => void;
}

export default function AltchaWidget({ challengeUrl, onChange }: AltchaWidgetProps) {
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  const theme = useTheme();
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const listener = (ev: Event) => {
      const detail = (ev as CustomEvent<{ state?: string; payload?: string | null }>).detail;
      onChangeRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    el.addEventListener('statechange', listener);
    return () => el.removeEventListener('statechange', listener);
  }, []);
  // every colour the stylesheet gives with light-dark() is set here: the build (lightningcss)
  // rewrites light-dark() for older browsers into variables only a `color-scheme` rule sets,
  // which altcha's stylesheet lacks, so those colours would come out invalid (an invisible checkbox)
  const style = {
    '--altcha-max-width': '100%',
    '--altcha-checkbox-border-color': theme.palette.text.secondary,
    '--altcha-color-neutral': theme.palette.action.selected,
    '--altcha-color-neutral-content': theme.palette.text.secondary,
    '--altcha-color-success-content': theme.palette.success.contrastText,
    '--altcha-color-error-content': theme.palette.error.contrastText,
    '--altcha-border-radius': `${theme.shape.borderRadius}px`,
    '--altcha-color-base': theme.palette.background.paper,
    '--altcha-color-base-content': theme.palette.text.primary,
    '--altcha-color-primary': theme.palette.primary.main,
    '--altcha-color-primary-content': theme.palette.primary.contrastText,
    '--altcha-color-error': theme.palette.error.main,
    '--altcha-color-success': theme.palette.success.main,
    '--altcha-border-color': theme.palette.divider,
  } as CSSProperties;
  return (
    <altcha-widget
      ref={ref}
      challenge={challengeUrl}
      language="it"
      name="g_recaptcha_response"
      configuration={JSON.stringify({ hideFooter: true, hideLogo: false, credentials: 'same-origin' })}
      style={style}
    />
  );
}
