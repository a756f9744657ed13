/**
 * The public forms' state: values, the rules' Italian messages (model/validators.ts) shown once a
 * field was left or the form submitted, the server's per-field errors, the focus on the first
 * wrong field; its sending and the pieces of its markup: the form with its failure box, the
 * fields (the password with its show/hide button), the submit button and the link under it;
 * the box of an e-mailed link without its token.
 */
import {
  createContext,
  useContext,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  Link,
  TextField,
  Typography,
  type TextFieldProps,
} from '@mui/material';
import { LinkBase } from 'react-admin';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';

import { ApiError } from '../../api/client';
import { required } from '../../../model/validators';
import { ErrorBox } from './PublicLayout';

type Values = Record<string, string | boolean>;
/** A field's rule: the message, or undefined when valid (it may look at the other fields). */
export type Rule<V extends Values> = (value: unknown, all: V) => string | undefined;

/** The message of a failed public call: the server's for a 4xx (400, 404, 429…) or a 503, else `fallback`. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body?.message && ((err.status >= 400 && err.status < 500) || err.status === 503))
    return err.body.message;
  return fallback;
}

/** The server's per-field messages (`errors: {field: [msg]}`), first message of each field. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.body?.errors) return {};
  return Object.fromEntries(
    Object.entries(err.body.errors)
      .filter(([, m]) => m?.length)
      .map(([k, m]) => [k, m[0]!]),
  );
}

export function usePublicForm<V extends Values>(initial: V, rules: { [K in keyof V]?: Rule<V> }) {
  const keys = Object.keys(initial) as Array<keyof V & string>;
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Partial<Record<keyof V, string>>>({});
  const refs = useRef<Partial<Record<keyof V, HTMLInputElement | null>>>({});
  const uid = useId();

  const ruleError = (k: keyof V) => rules[k]?.(values[k], values);
  const error = (k: keyof V): string | undefined => {
    const msg = server[k] ?? ruleError(k);
    return msg && (submitted || touched[k] || server[k]) ? msg : undefined;
  };
  const set = (k: keyof V, value: V[keyof V]) => {
    setValues((v) => ({ ...v, [k]: value }));
    setServer((s) => (s[k] ? { ...s, [k]: undefined } : s));
  };
  const idOf = (k: keyof V & string) => `${uid}-${k}`;

  return {
    values,
    set,
    error,
    idOf,
    /** Marks the form submitted; false (and the focus on the first wrong field) when a rule fails. */
    validate(): boolean {
      setSubmitted(true);
      const first = keys.find((k) => ruleError(k));
      if (first) {
        refs.current[first]?.focus();
        return false;
      }
      return true;
    },
    /** Shows the server's per-field messages of a failed call; true when there were some. */
    setServerErrors(errs: Record<string, string>): boolean {
      const known = Object.fromEntries(Object.entries(errs).filter(([k]) => keys.includes(k))) as Partial<
        Record<keyof V, string>
      >;
      setServer(known);
      const first = keys.find((k) => known[k]);
      if (first) refs.current[first]?.focus();
      return !!first;
    },
    /** The props of a TextField bound to field `k`. */
    text(k: keyof V & string, helper?: ReactNode) {
      const msg = error(k);
      return {
        id: idOf(k),
        name: k,
        value: String(values[k] ?? ''),
        onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(k, e.target.value as V[keyof V]),
        onBlur: () => setTouched((t) => ({ ...t, [k]: true })),
        error: !!msg,
        helperText: msg ?? helper ?? ' ',
        inputRef: (el: HTMLInputElement | null) => {
          refs.current[k] = el;
        },
      } satisfies Partial<TextFieldProps>;
    },
    /** The props of a Checkbox bound to field `k` (its message goes in a FormHelperText with id `${idOf(k)}-error`). */
    checkbox(k: keyof V & string) {
      const msg = error(k);
      return {
        id: idOf(k),
        name: k,
        checked: values[k] === true,
        onChange: (e: ChangeEvent<HTMLInputElement>) => {
          set(k, e.target.checked as V[keyof V]);
          setTouched((t) => ({ ...t, [k]: true }));
        },
        inputRef: (el: HTMLInputElement | null) => {
          refs.current[k] = el;
        },
        slotProps: { input: { 'aria-invalid': !!msg, 'aria-describedby': msg ? `${idOf(k)}-error` : undefined } },
      };
    },
  };
}

/** Whether the public form around is sending: its fields and its submit button are disabled meanwhile. */
const Sending = createContext(false);

/** A text field of a public form: full width, outlined, disabled while the form is sending. */
export const FormField = (props: TextFieldProps) => (
  <TextField fullWidth margin="dense" variant="outlined" disabled={useContext(Sending)} {...props} />
);

/** The e-mail field of a public form (required). */
export const EmailField = (props: TextFieldProps) => (
  <FormField label="Email" type="email" autoComplete="email" required {...props} />
);

/** A password field of a public form, with the show/hide button. */
export const PasswordField = ({ autoComplete = 'new-password', ...props }: TextFieldProps) => {
  const [show, setShow] = useState(false);
  return (
    <FormField
      {...props}
      type={show ? 'text' : 'password'}
      autoComplete={autoComplete}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={show ? 'Nascondi la password' : 'Mostra la password'}
                onClick={() => setShow((s) => !s)}
                edge="end"
                size="small"
              >
                {show ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

export const PASSWORD_MISMATCH = 'Le password non coincidono';
/** The confirmation field: required and equal to `field`. */
export const confirms =
  <V extends Values>(field: keyof V): Rule<V> =>
  (value, all) =>
    required()(value) ?? (value !== all[field] ? PASSWORD_MISMATCH : undefined);

/** seed B §8: the registration's success (studio or account) */
export const REGISTRATION_DONE = "Registrazione avvenuta con successo, riceverai a breve una mail per l'attivazione";
/** seed B §8: the studio registration's failures other than a 400 */
export const SAVE_FAILED = 'Errore di salvataggio, è consigliato, prima di proseguire, risolvere il problema.';

/** The generic failure of a public call (network, 5xx). */
export const GENERIC_FAILURE = 'Si è verificato un errore: riprova tra qualche minuto.';

/**
 * A public form's sending: on submit the rules (and `ready`, e.g. a solved captcha) are checked,
 * then `send` runs once; its answer becomes `result`, a refusal shows the server's per-field
 * errors and `failure` (the text `failureText` makes of it, by default the server's message or
 * GENERIC_FAILURE; `onFailure` runs after).
 */
export function usePublicSubmit<V extends Values, R>(
  form: Pick<ReturnType<typeof usePublicForm<V>>, 'validate' | 'values' | 'setServerErrors'>,
  send: (values: V) => Promise<R>,
  opts: { failureText?: (err: unknown) => string; ready?: () => boolean; onFailure?: () => void } = {},
) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const valid = form.validate();
    const ready = opts.ready?.() ?? true;
    if (!valid || !ready) return;
    setSending(true);
    try {
      setResult(await send(form.values));
    } catch (err) {
      form.setServerErrors(serverFieldErrors(err));
      setFailure(opts.failureText ? opts.failureText(err) : errorText(err, GENERIC_FAILURE));
      opts.onFailure?.();
    } finally {
      setSending(false);
    }
  };
  return { sending, failure, result, onSubmit };
}

/**
 * A public form (`submit` is its usePublicSubmit): the box of a failure (with `failureAction`)
 * above its fields, which are disabled while it is sending.
 */
export function PublicForm({
  submit,
  label,
  labelledBy,
  failureAction,
  children,
}: {
  submit: Pick<ReturnType<typeof usePublicSubmit>, 'sending' | 'failure' | 'onSubmit'>;
  /** the form's accessible name, or the id of the heading that names it */
  label?: string;
  labelledBy?: string;
  failureAction?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={submit.onSubmit} aria-label={label} aria-labelledby={labelledBy}>
      {submit.failure ? <ErrorBox action={failureAction}>{submit.failure}</ErrorBox> : null}
      <Sending.Provider value={submit.sending}>{children}</Sending.Provider>
    </Box>
  );
}

/** The submit button of a public form: a spinner while sending. */
export const SubmitButton = ({ mt = 1, children }: { mt?: number; children: ReactNode }) => {
  const sending = useContext(Sending);
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={sending}
      startIcon={sending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
      sx={{ mt }}
    >
      {children}
    </Button>
  );
};

/** The line under a public form: a question and the link that answers it ('Hai già un account? Accedi'). */
export const FormFooter = ({ text, to, link, mt = 2 }: { text?: ReactNode; to: string; link: string; mt?: number }) => (
  <Typography variant="body2" color="text.secondary" sx={{ mt }}>
    {text ? <>{text} </> : null}
    <Link component={LinkBase} to={to}>
      {link}
    </Link>
  </Typography>
);

/** The error box of an e-mailed link without its token: 'Link non valido', then the button to go on from there. */
export const InvalidLinkBox = ({ to, action, children }: { to: string; action: string; children: ReactNode }) => (
  <ErrorBox
    title="Link non valido"
    action={
      <Button component={LinkBase} to={to} variant="outlined">
        {action}
      </Button>
    }
  >
    {children}
  </ErrorBox>
);
