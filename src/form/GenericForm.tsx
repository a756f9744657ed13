/**
 * The generic create/edit form from a model declaration: fields in a grid, toolbar (back,
 * save, restore, new), keyboard shortcuts, unsaved-changes banner, trashed-item notice,
 * Italian error messages of seed A §8, and the record's history.
 */
import { useBackOnSave } from '../layout/prefs';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AddIcon from '@mui/icons-material/Add';
import HistoryIcon from '@mui/icons-material/History';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import {
  BooleanInput,
  Create,
  Edit,
  useGetIdentity,
  SaveButton,
  useGetRecordRepresentation,
  SimpleForm,
  Toolbar,
  useCreatePath,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  type HttpError,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router-dom';
import { CloseHeader, useCanGoBack, useGoBack, type Crumb } from '../layout/CloseHeader';
import { PageTitle } from '../layout/PageTitle';
import { atLeast, type ModelDef } from '../../model/define';
import type { FieldDef } from '../../model/fields';
import { useFeatures } from '../layout/features';
import { modelByName } from '../../model/registry';
import { defaultOf, type Mode } from '../../model/validate';
import { useAppDataProvider, HistoryEntry } from '../dataProvider';
import { FieldInput } from './FieldInput';
import { AttachmentsInput } from './AttachmentsInput';
import { displayDate } from '../../model/dates';

export const SHORTCUTS = [
  { keys: 'Alt+S', action: 'Salva' },
  { keys: 'Alt+B', action: 'Indietro' },
  { keys: 'Alt+N', action: 'Nuovo' },
  { keys: 'Alt+R', action: 'Ricarica' },
];

/** Seed A §8 message of a failed save. */
export function saveErrorMessage(e: HttpError | (Error & { status?: number })): string {
  if (e.status === 409) return 'Stai cercando di inserire un elemento che è stato già cancellato.';
  if (e.status === 403) return 'Operazione non consentita (403)';
  return `Errore nel Salvataggio dati${e.message ? `: ${e.message}` : ''}`;
}

/** On a failed submit, bring the first invalid field into view and focus it. */
function ScrollToFirstError() {
  const { submitCount, isSubmitSuccessful } = useFormState();
  useEffect(() => {
    if (!submitCount || isSubmitSuccessful) return;
    const t = setTimeout(() => {
      const el = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
      if (el) {
        el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
        el.focus({ preventScroll: true });
      }
    }, 50);
    return () => clearTimeout(t);
  }, [submitCount, isSubmitSuccessful]);
  return null;
}

function UnsavedBanner() {
  const { isDirty } = useFormState();
  return isDirty ? (
    <Alert severity="warning" sx={{ mb: 1 }} role="status">
      Ci sono modifiche non salvate
    </Alert>
  ) : null;
}

function TrashedNotice({ model }: { model: ModelDef }) {
  const record = useRecordContext();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record?.trashed) return null;
  return (
    <Alert
      severity="error"
      sx={{ mb: 1 }}
      action={
        <Button
          color="inherit"
          startIcon={<RestoreIcon />}
          onClick={async () => {
            try {
              await dp.restore(model.name, { id: record.id, updated_at: record.updated_at });
              notify('Elemento ripristinato');
              refresh();
            } catch {
              notify("Errore nel ripristino dell'elemento", { type: 'error' });
            }
          }}
        >
          Ripristina
        </Button>
      }
    >
      Stai lavorando su un elemento cestinato, clicca su ripristina per ripristinarlo fuori dal cestino.
    </Alert>
  );
}

function HistoryButton({ model }: { model: ModelDef }) {
  const record = useRecordContext();
  const dp = useAppDataProvider();
  const [rows, setRows] = useState<HistoryEntry[] | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  if (!record?.id) return null;
  const label = (f: string) => model.fields[f]?.label ?? f;
  const actionText: Record<string, string> = {
    create: 'Creazione',
    update: 'Modifica',
    trash: 'Cestinato',
    restore: 'Ripristino',
    delete: 'Eliminazione',
  };
  return (
    <>
      <Button
        startIcon={<HistoryIcon />}
        onClick={async () => {
          setOpen(true);
          try {
            setRows(await dp.history(model.name, { id: record.id }));
          } catch (e) {
            notify(`Errore nel caricamento dati ${(e as Error).message}`, { type: 'error' });
          }
        }}
      >
        Storico modifiche
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth aria-labelledby="history-title">
        <DialogTitle id="history-title">Storico modifiche</DialogTitle>
        <DialogContent>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Quando</TableCell>
                <TableCell>Chi</TableCell>
                <TableCell>Operazione</TableCell>
                <TableCell>Modifiche</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(rows ?? []).map((h) => (
                <TableRow key={h.id}>
                  <TableCell>{displayDate(h.at, true)}</TableCell>
                  <TableCell>{h.user_name}</TableCell>
                  <TableCell>{actionText[h.action] ?? h.action}</TableCell>
                  <TableCell>
                    {h.changes
                      ? Object.entries(h.changes).map(([f, [a, b]]) => (
                          <div key={f}>
                            <strong>{label(f)}</strong>: {String(a ?? '—')} → {String(b ?? '—')}
                          </div>
                        ))
                      : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The generic table of a model: where 'back' goes when the form is the first page of its tab. */
export { listPathOf } from '../routeTable';
import { listPathOf } from '../routeTable';

function FormToolbar({ model, mode, ownProfile }: { model: ModelDef; mode: Mode; ownProfile?: boolean }) {
  const navigate = useNavigate();
  const { identity } = useGetIdentity();
  // 'Nuovo' for who may create one (a studio: the SuperAdmin), never on the own profile
  // a record its area writes (model.readOnly) is read here, never saved nor made from here
  const canCreate =
    !ownProfile &&
    !model.readOnly &&
    atLeast(identity?.role as string | undefined, model.scope === 'tenant' ? 'SuperAdmin' : model.access.write);
  const goBack = useGoBack();
  const back = () => goBack(listPathOf(model));
  const createPath = useCreatePath();
  const resource = useResourceContext() ?? model.name;
  // seed A §2: shortcuts for save, back, new and reload, also while typing in a field
  const keys = { enableOnFormTags: true, enableOnContentEditable: true, preventDefault: true } as const;
  useHotkeys(
    'alt+s',
    () => (document.querySelector('form button[type="submit"]') as HTMLButtonElement | null)?.click(),
    keys,
  );
  useHotkeys('alt+b', back, keys, [back]);
  useHotkeys(
    'alt+n',
    () => {
      if (canCreate) navigate(createPath({ resource, type: 'create' }));
    },
    keys,
    [navigate, createPath, resource, canCreate],
  );
  useHotkeys('alt+r', () => window.location.reload(), keys);
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap', bgcolor: 'background.paper' }}>
      <Button startIcon={<ArrowBackIcon />} onClick={back}>
        Indietro
      </Button>
      {!model.readOnly && <SaveButton label={mode === 'create' ? 'Salva' : 'Aggiorna'} />}
      {mode === 'update' && canCreate && (
        <Button startIcon={<AddIcon />} onClick={() => navigate(createPath({ resource, type: 'create' }))}>
          Nuovo
        </Button>
      )}
      {mode === 'update' && !model.readOnly && <HistoryButton model={model} />}
      {/* describes the button, never names it: while shown (hovered), its text as the name would
      drop the visible 'Scorciatoie' (axe's label-content-name-mismatch) */}
      <Tooltip
        describeChild
        title={
          <Box>
            {SHORTCUTS.map((s) => (
              <div key={s.keys}>
                {s.keys}: {s.action}
              </div>
            ))}
          </Box>
        }
      >
        <Button
          startIcon={<KeyboardIcon />}
          aria-label="Scorciatoie da tastiera: Alt+S salva, Alt+B indietro, Alt+N nuovo, Alt+R ricarica"
        >
          Scorciatoie
        </Button>
      </Tooltip>
    </Toolbar>
  );
}

/** The field that names many rows at once in multiple mode (e.g. `customer_ids`), as a many-to-many input. */
function MultipleInput({ model }: { model: ModelDef }) {
  const { field, list } = model.multiple!;
  const ref = modelByName.get(model.fields[field]!.ref!)!;
  const fd: FieldDef = { type: 'manyToMany', label: ref.plural, ref: ref.name, required: true, min: 1 };
  return <FieldInput name={list} fd={fd} mode="create" />;
}

export function ModelFields({ model, mode, ownProfile }: { model: ModelDef; mode: Mode; ownProfile?: boolean }) {
  const { identity } = useGetIdentity();
  const { on } = useFeatures();
  const hidden = (fd: FieldDef) =>
    fd.formHidden === true ||
    !on(fd.feature) ||
    (fd.formHidden === 'exceptOwnProfile' && !ownProfile) ||
    (fd.formHidden === 'belowWriteRole' &&
      !!fd.writeRole &&
      !atLeast(identity?.role as string | undefined, fd.writeRole));
  // multiple mode (seed A: a transaction for several customers): one row per chosen value
  const multiple = useWatch({ name: MULTIPLE }) === true && !!model.multiple && mode === 'create';
  const refPlural = model.multiple
    ? modelByName.get(model.fields[model.multiple.field]!.ref!)?.plural.toLowerCase()
    : '';
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
      {model.multiple && mode === 'create' && (
        <Grid size={{ xs: 12 }}>
          <BooleanInput
            source={MULTIPLE}
            label={`Modalità multipla: un elemento per ciascuno dei ${refPlural} scelti`}
            helperText={false}
          />
        </Grid>
      )}
      {Object.entries(model.fields)
        .filter(([, fd]) => !hidden(fd) && !(fd.readOnly && mode === 'create'))
        .map(([name, fd]) => (
          <Grid
            key={name}
            size={{ xs: 12, md: fd.width ?? (fd.type === 'longtext' || fd.type === 'manyToMany' ? 12 : 4) }}
          >
            {multiple && name === model.multiple!.field ? (
              <MultipleInput model={model} />
            ) : (
              <FieldInput name={name} fd={fd} mode={mode} />
            )}
          </Grid>
        ))}
      {model.attachments && (
        <Grid size={{ xs: 12 }}>
          <AttachmentsInput model={model} />
        </Grid>
      )}
    </Grid>
  );
}

/** The form-only switch of multiple mode (never sent: the dataProvider keeps one of the two fields). */
export const MULTIPLE = '__multiple';

/**
 * Defaults of a new record from the declaration (e.g. acquisition date today, sdi_code 0000000),
 * and the multiple-mode switch off: every input of a fresh form starts at its default, so the
 * form is not 'modified' before the user touches it.
 */
export const createDefaults = (model: ModelDef) => ({
  ...Object.fromEntries(
    Object.entries(model.fields)
      .filter(([, fd]) => fd.default !== undefined)
      .map(([n, fd]) => [n, defaultOf(fd)]),
  ),
  ...(model.multiple ? { [MULTIPLE]: false } : {}),
});

function ModelForm({
  model,
  mode,
  ownProfile,
  children,
}: {
  model: ModelDef;
  mode: Mode;
  ownProfile?: boolean;
  children?: ReactNode;
}) {
  return (
    <SimpleForm
      toolbar={<FormToolbar model={model} mode={mode} ownProfile={ownProfile} />}
      mode="onSubmit"
      reValidateMode="onChange"
      sanitizeEmptyValues={false}
      defaultValues={mode === 'create' ? createDefaults(model) : undefined}
    >
      <UnsavedBanner />
      <ScrollToFirstError />
      {mode === 'update' && <TrashedNotice model={model} />}
      <ModelFields model={model} mode={mode} ownProfile={ownProfile} />
      {children}
    </SimpleForm>
  );
}

const useSaveHandlers = () => {
  const notify = useNotify();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const [backOnSave] = useBackOnSave();
  return {
    backOnSave,
    onError: (e: Error) => notify(saveErrorMessage(e as HttpError), { type: 'error' }),
    /**
     * back-on-save (seed A §4) after an update: back one page; a form that is the first page of
     * its tab (opened in a new tab from the list, the default) stays open, never leaving the app
     */
    back: () => {
      if (backOnSave && canGoBack()) navigate(-1);
    },
    canGoBack,
    navigate,
  };
};

/** Breadcrumbs of a form: Home › the model's table › this record (or 'Nuovo'). */
function FormCloseHeader({ model, mode, crumbs }: { model: ModelDef; mode: Mode; crumbs?: Crumb[] }) {
  const record = useRecordContext();
  const representation = useGetRecordRepresentation(model.name);
  const label = record ? String(representation(record) ?? '') : '';
  const trail = crumbs ?? [
    { label: 'Home', to: '/Menu' },
    { label: `Gestione ${model.plural}`, to: listPathOf(model) },
    {
      label:
        mode === 'create'
          ? `Nuovo: ${model.formTitle ?? model.label}`
          : `${model.formTitle ?? model.label}${label ? `: ${label}` : ''}`,
    },
  ];
  return (
    <Box sx={{ width: '100%' }}>
      <CloseHeader crumbs={trail} fallback={listPathOf(model)} />
    </Box>
  );
}

/** `children`: shown inside the form after the fields (in its record and form context), e.g. a resource's own section. */
/** `ownProfile`: the logged user's own record (fields hidden 'exceptOwnProfile' are shown) */
export function ModelEdit({
  model,
  id,
  title,
  crumbs,
  ownProfile,
  children,
}: {
  model: ModelDef;
  id?: string | number;
  title?: string;
  crumbs?: Crumb[];
  ownProfile?: boolean;
  children?: ReactNode;
}) {
  const { onError, back } = useSaveHandlers();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return (
    <Edit
      resource={model.name}
      id={id}
      title={<PageTitle title={title ?? model.formTitle ?? model.label} />}
      mutationMode="pessimistic"
      actions={<FormCloseHeader model={model} mode="update" crumbs={crumbs} />}
      mutationOptions={{
        onError,
        onSuccess: () => {
          notify('Elemento aggiornato');
          // the studio's card feeds the shell (the missing-fields banner, the expiry): read it again
          if (model.scope === 'tenant' || model.affectsSessions)
            void queryClient.invalidateQueries({ queryKey: ['shell'] });
          back();
        },
      }}
      queryOptions={{
        onError: (err: Error) => {
          const e = err as HttpError;
          notify(
            e.status === 403
              ? 'Operazione non consentita (403)'
              : `Errore nel caricamento dati ${e.status ?? ''} ${e.message}`,
            { type: 'error' },
          );
        },
      }}
      redirect={false}
    >
      <ModelForm model={model} mode="update" ownProfile={ownProfile}>
        {children}
      </ModelForm>
    </Edit>
  );
}

/** `children`: shown inside the form after the fields, as in ModelEdit. */
export function ModelCreate({ model, children }: { model: ModelDef; children?: ReactNode }) {
  const { onError, navigate, canGoBack, backOnSave } = useSaveHandlers();
  const notify = useNotify();
  const createPath = useCreatePath();
  return (
    <Create
      resource={model.name}
      title={<PageTitle title={model.formTitle ?? model.label} />}
      actions={<FormCloseHeader model={model} mode="create" />}
      mutationOptions={{
        onError,
        onSuccess: (data: { id: string | number; __created?: number }) => {
          if ((data.__created ?? 1) > 1) {
            // multiple mode: the rows are in the list
            notify(`${data.__created} elementi creati`);
            navigate(listPathOf(model), { replace: true });
            return;
          }
          notify('Elemento creato');
          // whether there is a page to go back to, asked before the route is replaced
          const back = canGoBack();
          // seed A §4: the route is replaced with the new id, then back-on-save goes back; a form
          // that opened its tab goes to the model's list instead of leaving the application
          navigate(createPath({ resource: model.name, type: 'edit', id: data.id }), { replace: true });
          if (backOnSave) setTimeout(() => (back ? navigate(-1) : navigate(listPathOf(model), { replace: true })), 0);
        },
      }}
      redirect={false}
    >
      <ModelForm model={model} mode="create">
        {children}
      </ModelForm>
    </Create>
  );
}

export { Stack, Typography };
