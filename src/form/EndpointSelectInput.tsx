/**
 * Relation inputs whose options come from a dedicated call instead of the related resource's
 * list: GET /api/collaborators (open to every role that edits customers), and the seed's option
 * calls of the job and role forms (seed B §7: /api/studio-job-types, /api/legal_statuses,
 * /api/tasks, /api/user/permissions). An option's text is its `label`, else the related model's
 * label fields, else its `name`.
 */
import { AutocompleteArrayInput, AutocompleteInput, SelectInput, type Validator } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { dataProvider } from '../dataProvider';
import { modelByName } from '../../model/registry';

/** under an input whose options could not be read */
const LOAD_ERROR = 'Errore nel caricamento dati';

/** The options of a call, `{id, name}` for react-admin's inputs. */
function useEndpointOptions(endpoint: string, refName?: string) {
  return useQuery({
    // its own key: other readers of the same call keep its raw rows
    queryKey: ['options', endpoint, 'select', refName ?? null],
    queryFn: async ({ signal }) => {
      const rows = (await dataProvider.options(endpoint, { signal })) as Array<
        Record<string, unknown> & { id: number }
      >;
      const labelFields = (refName ? modelByName.get(refName)?.labelFields : undefined) ?? [];
      return rows.map((r) => {
        const fromFields = labelFields
          .map((f) => r[f])
          .filter((v) => v !== null && v !== undefined && v !== '')
          .join(' ');
        const name =
          typeof r.label === 'string' ? r.label : fromFields || (typeof r.name === 'string' ? r.name : `#${r.id}`);
        return { id: r.id, name };
      });
    },
    staleTime: 60_000,
  });
}

/** The props of an input over the options of a call (one id or several). */
interface EndpointInputProps {
  source: string;
  label: string;
  endpoint: string;
  refName?: string;
  validate?: Validator[];
  disabled?: boolean;
}

/** What both inputs pass to react-admin's autocomplete: the call's options, its failure under the field. */
function useEndpointInput({ endpoint, refName, ...props }: EndpointInputProps) {
  const { data = [], isError } = useEndpointOptions(endpoint, refName);
  return { ...props, choices: data, fullWidth: true, helperText: isError ? LOAD_ERROR : ' ' };
}

export function EndpointSelectInput(props: EndpointInputProps) {
  return <AutocompleteInput {...useEndpointInput(props)} emptyText="—" />;
}

/** A many-to-many input (several ids) over the options of a call. */
export function EndpointMultiSelectInput(props: EndpointInputProps) {
  return <AutocompleteArrayInput {...useEndpointInput(props)} />;
}

/**
 * A choice input whose options ({value, text}) come from a call (e.g. GET /api/transaction_types,
 * C12); the declared choices stand in while it loads or when it fails.
 */
export function EndpointChoiceInput({
  source,
  label,
  endpoint,
  choices,
  validate,
  disabled,
}: {
  source: string;
  label: string;
  endpoint: string;
  choices: Array<{ value: string | number; text: string }>;
  validate?: Validator[];
  disabled?: boolean;
}) {
  const { data, isError } = useQuery({
    queryKey: ['options', endpoint],
    queryFn: async ({ signal }) =>
      (await dataProvider.options(endpoint, { signal })) as Array<{ value: string | number; text: string }>,
    staleTime: 60_000,
  });
  return (
    <SelectInput
      source={source}
      label={label}
      choices={data ?? choices}
      optionValue="value"
      optionText="text"
      validate={validate}
      disabled={disabled}
      fullWidth
      emptyText="—"
      helperText={isError ? LOAD_ERROR : ' '}
    />
  );
}
