/**
 * The generic list table, built once from a model declaration: title 'Gestione {plural}',
 * search on Enter, trash toggle, refresh, new, CSV export, print, bulk delete, select-all
 * across pages, status column, row actions, item abilities from item_meta_data.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import {
  Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, IconButton,
  InputAdornment, Menu, MenuItem, Switch, TextField, Tooltip, Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import RefreshIcon from '@mui/icons-material/Refresh';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SelectAllIcon from '@mui/icons-material/SelectAll';
import {
  BulkDeleteButton, Datagrid, List, Pagination, useCreatePath, useDataProvider, useListContext, useNotify,
  useRecordContext, useRefresh, useResourceContext, TopToolbar,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { saveAs } from 'file-saver';
import type { ModelDef } from '../../model/define';
import { useAppDataProvider, type AppDataProvider, ItemMetaData } from '../dataProvider';
import { StatusCell, ValueCell } from './cells';
import { CsvDialog } from './CsvDialog';
import { FilterGroup, defaultListFilter } from './FilterGroup';
import SettingsIcon from '@mui/icons-material/Settings';
import { BACK_ON_SAVE_KEY, backOnSave } from '../form/GenericForm';

export const OPEN_IN_NEW_TAB_KEY = 'gs_open_in_new_tab';
export const openInNewTab = () => localStorage.getItem(OPEN_IN_NEW_TAB_KEY) !== '0';

const useItemMeta = (): ItemMetaData | undefined => (useListContext().meta as { item_meta_data?: ItemMetaData } | undefined)?.item_meta_data;

function SearchBox() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [text, setText] = useState<string>(filterValues.q ?? '');
  const run = () => setFilters({ ...filterValues, q: text.trim() || undefined }, displayedFilters, false);
  return (
    <TextField
      size="small" label="Cerca" value={text} sx={{ width: { xs: '100%', sm: 320 } }} onChange={(e) => setText(e.target.value)}
      onKeyDown={(e: KeyboardEvent) => { if (e.key === 'Enter') run(); }}
      inputProps={{ 'aria-label': 'Cerca (premi Invio)' }}
      InputProps={{ endAdornment: <InputAdornment position="end"><IconButton aria-label="Avvia ricerca" onClick={run} size="small"><SearchIcon /></IconButton></InputAdornment> }}
    />
  );
}

function TrashToggle() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  return (
    <FormControlLabel label="Mostra cestinati" control={
      <Switch checked={!!filterValues.with_trashed} onChange={(e) => setFilters({ ...filterValues, with_trashed: e.target.checked ? 1 : undefined }, displayedFilters, false)} />
    } />
  );
}

function ListActions({ model }: { model: ModelDef }) {
  const meta = useItemMeta();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const notify = useNotify();
  const dp = useAppDataProvider();
  const { filterValues, sort } = useListContext();
  const [csvOpen, setCsvOpen] = useState(false);
  const print = async () => {
    try {
      const { blob, filename } = await dp.print(model.name, { filter: filterValues, sort });
      saveAs(blob, filename);
    } catch (e) { notify(`Errore nel caricamento dati ${(e as Error).message}`, { type: 'error' }); }
  };
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-start', width: '100%' }}>
      <SearchBox />
      <TrashToggle />
      <Tooltip title="Aggiorna"><IconButton aria-label="Aggiorna" onClick={() => refresh()}><RefreshIcon /></IconButton></Tooltip>
      <Tooltip title="Esporta CSV"><IconButton aria-label="Esporta CSV" onClick={() => setCsvOpen(true)}><DownloadIcon /></IconButton></Tooltip>
      <Tooltip title="Stampa"><IconButton aria-label="Stampa" onClick={print}><PrintIcon /></IconButton></Tooltip>
      <SettingsMenu />
      {meta?.can_add_new !== false && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(createPath({ resource: model.name, type: 'create' }))}>Nuovo</Button>
      )}
      {csvOpen && <CsvDialog model={model} open={csvOpen} onClose={() => setCsvOpen(false)} />}
    </TopToolbar>
  );
}

function SelectAllButton({ model }: { model: ModelDef }) {
  const { filterValues, sort, onSelect, total } = useListContext();
  const dp = useAppDataProvider();
  const notify = useNotify();
  return (
    <Button size="small" startIcon={<SelectAllIcon />} onClick={async () => {
      try { onSelect(await dp.selectAllIds(model.name, { filter: filterValues, sort })); } catch {
        notify('Errore nel caricamento dati [select all]', { type: 'error' });
      }
    }}>Seleziona tutti ({total})</Button>
  );
}

function BulkActions({ model }: { model: ModelDef }) {
  const meta = useItemMeta();
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <>
      <SelectAllButton model={model} />
      {/* force_delete=auto trashes active rows: reload the page (with the trash shown they stay, as trashed) */}
      {meta?.is_erasable !== false && <BulkDeleteButton mutationMode="pessimistic" label="Elimina"
        mutationOptions={{
          onError: (e: unknown) => notify(`Errore nel eliminazione dati${(e as Error)?.message ? `: ${(e as Error).message}` : ''}`, { type: 'error' }),
          onSettled: () => refresh(),
        }} />}
    </>
  );
}

/** Row actions: trash (active rows), restore and delete forever (trashed rows). */
function RowMenu({ model }: { model: ModelDef; label?: string }) {
  const record = useRecordContext();
  const meta = useItemMeta();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!record) return null;
  const erasable = meta?.items?.[String(record.id)]?.is_erasable ?? meta?.is_erasable ?? true;
  const act = async (fn: () => Promise<unknown>, error: string, ok: string) => {
    setAnchor(null);
    try { await fn(); notify(ok, { type: 'info' }); refresh(); } catch (e) { notify(`${error}${(e as Error).message ? `: ${(e as Error).message}` : ''}`, { type: 'error' }); }
  };
  return (
    <>
      <IconButton aria-label={`Azioni riga ${record.id}`} size="small" onClick={(e) => { e.stopPropagation(); setAnchor(e.currentTarget); }}><MoreVertIcon /></IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} onClick={(e) => e.stopPropagation()}>
        {!record.trashed && erasable && (
          <MenuItem onClick={() => act(() => dp.delete(model.name, { id: record.id, previousData: record }), 'Errore nel eliminazione dati', 'Elemento spostato nel cestino')}>Cestina</MenuItem>
        )}
        {record.trashed && (
          <MenuItem onClick={() => act(() => dp.restore(model.name, { id: record.id }), "Errore nel ripristino dell'elemento", 'Elemento ripristinato')}>Ripristina</MenuItem>
        )}
        {record.trashed && erasable && (
          <MenuItem onClick={() => act(() => dp.delete(model.name, { id: record.id, previousData: record }), 'Errore nel eliminazione dati', 'Elemento eliminato definitivamente')}>Elimina definitivamente</MenuItem>
        )}
      </Menu>
    </>
  );
}

/** A button per row opening a path built from the row (e.g. 'Estratto Conto'). */
function RowLink({ link }: { link: { label: string; path: string }; label?: string }) {
  const record = useRecordContext();
  const navigate = useNavigate();
  if (!record) return null;
  return (
    <Button size="small" variant="outlined" onClick={(e) => { e.stopPropagation(); navigate(link.path.replace(':id', String(record.id))); }}>
      {link.label}
    </Button>
  );
}

/** Personal settings of the tables and forms, kept in local storage. */
function SettingsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [newTab, setNewTab] = useState(openInNewTab());
  const [back, setBack] = useState(backOnSave());
  return (
    <>
      <Tooltip title="Impostazioni"><IconButton aria-label="Impostazioni della tabella" onClick={(e) => setAnchor(e.currentTarget)}><SettingsIcon /></IconButton></Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem>
          <FormControlLabel label="Apri le schede in una nuova finestra" control={<Switch checked={newTab} onChange={(e) => {
            setNewTab(e.target.checked); localStorage.setItem(OPEN_IN_NEW_TAB_KEY, e.target.checked ? '1' : '0');
          }} />} />
        </MenuItem>
        <MenuItem>
          <FormControlLabel label="Torna indietro dopo il salvataggio" control={<Switch checked={back} onChange={(e) => {
            setBack(e.target.checked); localStorage.setItem(BACK_ON_SAVE_KEY, e.target.checked ? '1' : '0');
          }} />} />
        </MenuItem>
      </Menu>
    </>
  );
}

function Expand({ field }: { field: string }) {
  const record = useRecordContext();
  return <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', p: 1 }}>{String(record?.[field] ?? '') || 'Nessuna nota'}</Typography>;
}

/**
 * react-admin puts the row checkboxes' aria-label on MUI's wrapper span, leaving the input
 * unlabelled (axe: label, aria-prohibited-attr): move the label onto the input.
 */
function useCheckboxLabels(ref: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const fix = () => {
      root.querySelectorAll<HTMLElement>('.select-item[aria-label], .select-all[aria-label]').forEach((span) => {
        const input = span.querySelector('input');
        if (!input) return;
        input.setAttribute('aria-label', span.getAttribute('aria-label')!);
        span.removeAttribute('aria-label');
      });
    };
    fix();
    const obs = new MutationObserver(fix);
    obs.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => obs.disconnect();
  }, [ref]);
}

function ModelDatagrid({ model }: { model: ModelDef }) {
  const gridRef = useRef<HTMLDivElement>(null);
  useCheckboxLabels(gridRef);
  const meta = useItemMeta();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [restoreAsk, setRestoreAsk] = useState<{ id: string | number } | null>(null);
  const open = (id: string | number) => {
    const path = createPath({ resource: resource ?? model.name, type: 'edit', id });
    if (openInNewTab()) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };
  const expandField = meta?.expand_field ?? model.list.expandField;
  return (
    <div ref={gridRef}>
      <Datagrid
        size="small"
        bulkActionButtons={meta?.is_selectable === false ? false : <BulkActions model={model} />}
        isRowSelectable={(r) => meta?.items?.[String(r.id)]?.is_selectable ?? meta?.is_selectable ?? true}
        rowClick={(id, _res, record) => {
          if (meta?.items?.[String(id)]?.disable_edit_item ?? meta?.disable_edit_item) return false;
          if (record.trashed) setRestoreAsk({ id });
          else open(id);
          return false;
        }}
        rowSx={(r) => (r.trashed ? { bgcolor: 'action.selected', fontStyle: 'italic' } : {})}
        // only the table scrolls sideways: the bulk-actions bar above it must stay visible
        sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
        expand={expandField ? <Expand field={expandField} /> : undefined}
      >
        {model.list.columns.map((c) => {
          const fd = model.fields[c];
          if (!fd) return null;
          if (model.list.status?.field === c) return <StatusCell key={c} label="Stato" status={model.list.status} />;
          return <ValueCell key={c} name={c} fd={fd} label={fd.label} sortBy={c} sortable={fd.sortable !== false} />;
        })}
        {!model.list.status && <StatusCell label="Stato" />}
        {(model.list.rowLinks ?? []).map((l) => <RowLink key={l.label} link={l} label={l.label} />)}
        <RowMenu model={model} label="Azioni" />
      </Datagrid>
      <Dialog open={!!restoreAsk} onClose={() => setRestoreAsk(null)} aria-labelledby="restore-title">
        <DialogTitle id="restore-title">Elemento cestinato</DialogTitle>
        <DialogContent><DialogContentText>L'elemento è nel cestino: vuoi ripristinarlo per aprirlo?</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setRestoreAsk(null)}>Annulla</Button>
          <Button variant="contained" onClick={async () => {
            const id = restoreAsk!.id;
            setRestoreAsk(null);
            try { await dp.restore(model.name, { id }); open(id); } catch { notify("Errore nel ripristino dell'elemento", { type: 'error' }); }
          }}>Ripristina</Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}

export function GenericList({ model, parentId }: { model: ModelDef; parentId?: string }) {
  const notify = useNotify();
  const parent = parentId && model.list.parentField ? { __parent: { name: model.list.parentField, id: parentId } } : undefined;
  return (
    <List
      resource={model.name}
      title={`Gestione ${model.plural}`}
      perPage={200}
      sort={model.list.sort ? { field: model.list.sort.field, order: model.list.sort.desc ? 'DESC' : 'ASC' } : undefined}
      filterDefaultValues={defaultListFilter(model)}
      filter={parent}
      actions={<ListActions model={model} />}
      pagination={<Pagination rowsPerPageOptions={[50, 100, 200, 500]} />}
      queryOptions={{ onError: (e: Error) => notify(`Errore nel caricamento dati ${e.message}`, { type: 'error' }) }}
      disableSyncWithLocation={false}
      storeKey={`list.${model.name}`}
      empty={false}
      sx={{ minWidth: 0, maxWidth: '100%', '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { minWidth: 0 } }}
    >
      <FilterGroup model={model} />
      <ModelDatagrid model={model} />
    </List>
  );
}
