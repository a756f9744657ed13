/**
 * The collapsible filter group of the generic table: combo-box, toggle and date-interval
 * filters from the model declaration, joined with AND or OR (the search mode toggle).
 * Emits the seeds' filter objects `{name, type, val, glue}` as the list's `filters` value.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Accordion, AccordionDetails, AccordionSummary, Autocomplete, Box, Button, FormControl, FormLabel, Grid, TextField,
  ToggleButton, ToggleButtonGroup, Typography, Alert,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useListContext } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { ListFilter, ModelDef } from '../../model/define';
import { modelByName } from '../../model/registry';
import type { FilterSpec } from '../dataProvider';
import { apiFetch, rowsOf } from '../api/client';
import { DateTextField } from '../form/DateInput';

export const INTERVAL_ERROR = 'La data di inizio intervallo è maggiore di quella di fine';

type Option = { id: string | number; label: string };
export interface FilterState {
  mode: 'and' | 'or';
  combos: Record<string, Option[]>;
  toggles: Record<string, string | number | null>;
  intervals: Record<string, { from: string | null; to: string | null }>;
}

const pad = (n: number) => String(n).padStart(2, '0');
function defaultInterval(kind?: 'currentMonth' | 'currentYear'): { from: string | null; to: string | null } {
  if (!kind) return { from: null, to: null };
  const now = new Date();
  const y = now.getFullYear();
  if (kind === 'currentYear') return { from: `${y}-01-01`, to: `${y}-12-31` };
  const m = now.getMonth() + 1;
  const last = new Date(y, m, 0).getDate();
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(last)}` };
}

export function initialFilterState(filters: ListFilter[] = []): FilterState {
  const s: FilterState = { mode: 'and', combos: {}, toggles: {}, intervals: {} };
  for (const f of filters) {
    if (f.kind === 'toggle') s.toggles[f.field] = f.default ?? null;
    if (f.kind === 'dateInterval') s.intervals[f.field] = defaultInterval(f.default);
  }
  return s;
}

/**
 * The filter objects of a state. An inverted date interval emits no filter (its field is
 * listed in `invalid`). The server folds the filters left to right with their glue, so the
 * two bounds of an interval are one condition: they come first, joined with AND, and the
 * search mode glues the conditions after them.
 */
export function filterSpecs(filters: ListFilter[] = [], s: FilterState): { specs: FilterSpec[]; invalid: string[] } {
  // each entry is one condition: one spec, or the two bounds of an interval
  const intervals: FilterSpec[][] = [];
  const free: FilterSpec[][] = [];
  const fixed: FilterSpec[] = [];
  const invalid: string[] = [];
  for (const f of filters) {
    if (f.kind === 'combo') {
      const vals = (s.combos[f.field] ?? []).map((o) => o.id);
      if (vals.length) free.push([{ name: f.field, type: 'OR', val: vals }]);
    } else if (f.kind === 'toggle') {
      const v = s.toggles[f.field];
      if (v !== null && v !== undefined) {
        if (f.alwaysAnd) fixed.push({ name: f.field, type: 'OR', val: [v] });
        else free.push([{ name: f.field, type: 'OR', val: [v] }]);
      }
    } else {
      const { from, to } = s.intervals[f.field] ?? { from: null, to: null };
      if (from && to && from > to) { invalid.push(f.field); continue; }
      const bounds: FilterSpec[] = [];
      if (from) bounds.push({ name: f.field, type: 'gte', val: [`${from} 00:00:00`] });
      if (to) bounds.push({ name: f.field, type: 'lte', val: [`${to} 23:59:59`] });
      if (bounds.length) intervals.push(bounds);
    }
  }
  const specs: FilterSpec[] = [];
  [...intervals, ...free].forEach((group, i) => group.forEach((spec, j) => {
    specs.push({ ...spec, glue: i === 0 || j > 0 ? 'and' : s.mode });
  }));
  specs.push(...fixed.map((spec) => ({ ...spec, glue: 'and' as const })));
  return { specs, invalid };
}

function useOptions(f: Extract<ListFilter, { kind: 'combo' }>) {
  return useQuery({
    queryKey: ['filter-options', f.endpoint ?? `${f.model}/${f.collection}`],
    queryFn: async (): Promise<Option[]> => {
      const url = f.endpoint ?? `/api/list/${f.model}/${f.collection ?? `${f.model}Resource4SelectCollection`}?items_per_page=-1`;
      const res = await apiFetch<unknown>(url);
      const rows = rowsOf(res);
      const ref = f.model ? modelByName.get(f.model) : undefined;
      return rows.map((r) => ({
        id: r.id as number,
        label: String(r.label ?? r.name ?? (ref ? ref.labelFields.map((k) => r[k]).filter(Boolean).join(' ') : r.id)),
      }));
    },
    staleTime: 60_000,
  });
}

function ComboFilter({ f, value, onChange }: { f: Extract<ListFilter, { kind: 'combo' }>; value: Option[]; onChange: (v: Option[]) => void }) {
  const { data = [], isError } = useOptions(f);
  return (
    <Autocomplete
      multiple size="small" options={data} value={value} getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id} onChange={(_e, v) => onChange(v)}
      noOptionsText="Nessuna opzione" openText="Apri" closeText="Chiudi" clearText="Cancella"
      renderInput={(params) => <TextField {...params} label={f.label} helperText={isError ? 'Errore nel caricamento dati' : ' '} error={isError} />}
    />
  );
}

export function FilterGroup({ model }: { model: ModelDef }) {
  const filters = model.list.filters ?? [];
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [state, setState] = useState<FilterState>(() => (filterValues.__filterState as FilterState | undefined) ?? initialFilterState(filters));
  const { specs, invalid } = useMemo(() => filterSpecs(filters, state), [filters, state]);
  const key = JSON.stringify(specs);
  useEffect(() => {
    // an inverted interval is left out of `specs`: the other filters still apply
    if (JSON.stringify(filterValues.filters ?? []) === key) return;
    setFilters({ ...filterValues, filters: specs, __filterState: state }, displayedFilters, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!filters.length) return null;
  const active = specs.length;
  return (
    <Accordion disableGutters sx={{ mb: 1 }} defaultExpanded={false}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`filters-${model.name}`} id={`filters-${model.name}-header`}>
        <Typography>Filtri{active ? ` (${active} ${active === 1 ? 'attivo' : 'attivi'})` : ''}</Typography>
      </AccordionSummary>
      <AccordionDetails id={`filters-${model.name}`}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <FormControl>
            <FormLabel id={`mode-${model.name}`} sx={{ fontSize: 14 }}>Modalità di ricerca</FormLabel>
            <ToggleButtonGroup size="small" exclusive value={state.mode} aria-labelledby={`mode-${model.name}`}
              onChange={(_e, v) => v && setState((s) => ({ ...s, mode: v }))}>
              <ToggleButton value="and">Tutte le condizioni (AND)</ToggleButton>
              <ToggleButton value="or">Almeno una condizione (OR)</ToggleButton>
            </ToggleButtonGroup>
          </FormControl>
          <Button size="small" onClick={() => setState(initialFilterState(filters))}>Azzera filtri</Button>
        </Box>
        <Grid container spacing={2}>
          {filters.map((f) => (
            <Grid key={`${f.kind}-${f.field}`} size={{ xs: 12, md: f.kind === 'dateInterval' ? 6 : 4 }}>
              {f.kind === 'combo' && (
                <ComboFilter f={f} value={state.combos[f.field] ?? []} onChange={(v) => setState((s) => ({ ...s, combos: { ...s.combos, [f.field]: v } }))} />
              )}
              {f.kind === 'toggle' && (
                <FormControl>
                  <FormLabel id={`toggle-${f.field}`} sx={{ fontSize: 14 }}>{f.label}</FormLabel>
                  <ToggleButtonGroup size="small" exclusive value={state.toggles[f.field] ?? 'all'} aria-labelledby={`toggle-${f.field}`}
                    onChange={(_e, v) => v !== null && setState((s) => ({ ...s, toggles: { ...s.toggles, [f.field]: v === 'all' ? null : v } }))}>
                    {f.options.map((o) => <ToggleButton key={String(o.value)} value={o.value}>{o.text}</ToggleButton>)}
                    <ToggleButton value="all">Tutti</ToggleButton>
                  </ToggleButtonGroup>
                </FormControl>
              )}
              {f.kind === 'dateInterval' && (
                <Box>
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <DateTextField label={`${f.label} dal`} value={state.intervals[f.field]?.from}
                      onChange={(v) => v !== undefined && setState((s) => ({ ...s, intervals: { ...s.intervals, [f.field]: { ...s.intervals[f.field], from: v } } }))} />
                    <DateTextField label={`${f.label} al`} value={state.intervals[f.field]?.to}
                      onChange={(v) => v !== undefined && setState((s) => ({ ...s, intervals: { ...s.intervals, [f.field]: { ...s.intervals[f.field], to: v } } }))} />
                  </Box>
                  {invalid.includes(f.field) && <Alert severity="error" role="alert">{INTERVAL_ERROR}</Alert>}
                </Box>
              )}
            </Grid>
          ))}
        </Grid>
      </AccordionDetails>
    </Accordion>
  );
}

/** Filter values a list starts with: the defaults of its filter group. */
export function defaultListFilter(model: ModelDef): Record<string, unknown> | undefined {
  const filters = model.list.filters;
  if (!filters?.length) return model.list.defaultFilter;
  const state = initialFilterState(filters);
  const { specs } = filterSpecs(filters, state);
  return { ...(model.list.defaultFilter ?? {}), filters: specs, __filterState: state };
}
