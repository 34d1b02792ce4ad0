// The static part of the GET /metadata-filters answer: fields, formats, operators, limits. A backend
// adds bounds and values from what it holds.
import { validationError } from './errors.js';
import { FILTER_FIELDS, FIELD_NAMES, filterField } from './fields.js';
import { LIMITS } from './limits.js';
import type { FilterFieldInfo, MetadataFiltersResponse } from './types.js';

export function describeFilterFields(domain: string, field?: string): MetadataFiltersResponse {
  if (field !== undefined && !filterField(field)) {
    throw validationError([
      {
        code: 'FILTER_FIELD_UNKNOWN',
        loc: ['query', 'field'],
        message: `unknown filter field "${field}" (fields: ${FIELD_NAMES.join(', ')})`,
      },
    ]);
  }
  const fields: FilterFieldInfo[] = FILTER_FIELDS.filter((f) => field === undefined || f.name === field).map((f) => ({
    name: f.name,
    display_name: f.display_name,
    value_type: f.value_type,
    format: f.format,
    operators: [...f.operators],
  }));
  return { domain, fields, limits: { ...LIMITS } };
}
