// The records of `filings filters`: a row a field (its name, short name, type, format, operators,
// bounds, how many values), or with --values a row a value of each field with its count of filings.
import { filterField } from '../../contract/fields.js';
import type { MetadataFiltersResponse } from '../../contract/types.js';
import type { RecordSet } from './view.js';

export function filterRecords(r: MetadataFiltersResponse, values: boolean): RecordSet {
  if (values)
    return {
      columns: ['field', 'value', 'count'],
      rows: r.fields.flatMap((f) => (f.values ?? []).map((v) => [f.name, v.value, v.count ?? null])),
    };
  return {
    columns: ['field', 'short_name', 'display_name', 'value_type', 'format', 'operators', 'min', 'max', 'values'],
    rows: r.fields.map((f) => [
      f.name,
      filterField(f.name)?.aliases[0] ?? null,
      f.display_name,
      f.value_type,
      f.format,
      f.operators.join(' '),
      f.bounds?.min ?? null,
      f.bounds?.max ?? null,
      f.values?.length ?? null,
    ]),
  };
}
