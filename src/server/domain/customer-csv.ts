import { createCustomerRequestSchema, type CreateCustomerRequest } from '../../contract/customer';
import { cellsOf, readCsv } from './csv-file';
import { checkRow } from './csv-row-check';

/** One customer of a CSV import with the line it was read from (a refusal names it). */
export interface CustomerCsvRow {
  line: number;
  customer: CreateCustomerRequest;
}

/** At most this many customers per file (the import is one stored action). */
export const maxCustomerCsvRows = 200_000;

/**
 * The contract's standard customer columns (matched without regard to case: it spells them
 * `Address_line_1` and `Address_Postal_Code` alike) and where each goes; any other column is a
 * metadata property of that name.
 */
const standard: Record<string, readonly string[]> = {
  id: ['id'],
  name: ['name'],
  email: ['email'],
  phone: ['phone'],
  birthdate: ['birthdate'],
  source_id: ['source_id'],
  description: ['description'],
  address_line_1: ['address', 'line_1'],
  address_line_2: ['address', 'line_2'],
  address_postal_code: ['address', 'postal_code'],
  address_city: ['address', 'city'],
  address_state: ['address', 'state'],
  address_country: ['address', 'country'],
};

/**
 * POST /v1/customers/importCSV's file read into Create Customer bodies (each then an upsert by
 * source id). Every row is checked with Create Customer's rules before anything is recorded.
 */
export function customersFromCsv(text: string): CustomerCsvRow[] {
  const table = readCsv(text, maxCustomerCsvRows);
  const columnAt = new Map<string, string>();
  for (const header of table.headers) {
    const target = standard[header.toLowerCase()];
    columnAt.set(target ? target.join('.') : `metadata.${header}`, header);
  }
  const columnOf = (path: PropertyKey[]) => columnAt.get(path.slice(0, 2).map(String).join('.')) ?? columnAt.get(String(path[0]));
  return table.rows.map(({ line, cells }) => {
    const body: Record<string, unknown> = {};
    const address: Record<string, string> = {};
    const metadata: Record<string, string> = {};
    for (const [header, value] of cellsOf(table, cells)) {
      const target = standard[header.toLowerCase()];
      if (!target) metadata[header] = value;
      else if (target[0] === 'address') address[target[1]] = value;
      else body[target[0]] = value;
    }
    if (Object.keys(address).length > 0) body.address = address;
    if (Object.keys(metadata).length > 0) body.metadata = metadata;
    return { line, customer: checkRow(createCustomerRequestSchema, body, line, columnOf) };
  });
}
