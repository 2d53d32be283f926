import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { sayValidationMessage } from '../../../../contract/validation-wording';
import { addMemberRequestSchema, type AddMemberRequest } from '../../../../contract/loyalty-member';
import { metadataRowsSchema, rowsToMetadata } from './metadata-rows';

const emailSchema = z.email();

export const identifyByOptions = ['source_id', 'id'] as const;
export type IdentifyBy = (typeof identifyByOptions)[number];

/**
 * What the Enroll form holds: text fields as typed. It maps to the Add Member body
 * (`addMemberRequestSchema`), which has the last word on what is valid.
 */
const enrollFormFieldsSchema = z.object({
  customer: z.object({
    identifyBy: z.enum(identifyByOptions),
    identifier: z.string().trim().min(1, 'Enter the customer identifier'),
    name: z.string().trim(),
    // The real API takes any text as an email (no `format: email` in its contract), so the service
    // does too; the form refuses what cannot be an address, so no one stores a typo by accident.
    email: z
      .string()
      .trim()
      .refine((value) => value === '' || emailSchema.safeParse(value).success, 'Enter an email address such as name@example.com.'),
    phone: z.string().trim(),
    birthdate: z.string().trim(),
    metadata: metadataRowsSchema,
  }),
  voucher: z.string().trim(),
  publication: z.object({
    source_id: z.string().trim(),
    channel: z.string().trim(),
    metadata: metadataRowsSchema,
  }),
});

export type EnrollFormValues = z.input<typeof enrollFormFieldsSchema>;
type EnrollFormFields = z.output<typeof enrollFormFieldsSchema>;
/** The Enroll form's control: text values in, the Add Member body out. */
export type EnrollFormControl = Control<EnrollFormValues, unknown, AddMemberRequest>;

/** Form fields an error can be shown next to; a metadata path is its editor as a whole. */
export type EnrollField =
  | 'customer.identifier'
  | 'customer.name'
  | 'customer.email'
  | 'customer.phone'
  | 'customer.birthdate'
  | 'customer.metadata'
  | 'voucher'
  | 'publication.source_id'
  | 'publication.channel'
  | 'publication.metadata';

export const emptyEnrollForm: EnrollFormValues = {
  customer: { identifyBy: 'source_id', identifier: '', name: '', email: '', phone: '', birthdate: '', metadata: [] },
  voucher: '',
  publication: { source_id: '', channel: '', metadata: [] },
};

/** The Add Member body for the form: empty fields are left out, metadata rows become objects. */
export function toAddMemberRequest(values: EnrollFormFields): AddMemberRequest {
  const { customer, publication } = values;
  const customerObject: Exclude<AddMemberRequest['customer'], string> = { [customer.identifyBy]: customer.identifier };
  if (customer.name) customerObject.name = customer.name;
  if (customer.email) customerObject.email = customer.email;
  if (customer.phone) customerObject.phone = customer.phone;
  if (customer.birthdate) customerObject.birthdate = customer.birthdate;
  const customerMetadata = rowsToMetadata(customer.metadata);
  if (customerMetadata) customerObject.metadata = customerMetadata;

  const request: AddMemberRequest = { customer: customerObject };
  if (values.voucher) request.voucher = values.voucher;
  if (publication.source_id) request.source_id = publication.source_id;
  if (publication.channel) request.channel = publication.channel;
  const publicationMetadata = rowsToMetadata(publication.metadata);
  if (publicationMetadata) request.metadata = publicationMetadata;
  return request;
}

/**
 * The form field that shows an error about a property of the Add Member body, e.g.
 * `['customer', 'email']` → `customer.email`, `['source_id']` → `publication.source_id`.
 * Null for properties the form has no field for.
 */
export function fieldOfRequestPath(path: readonly PropertyKey[]): EnrollField | null {
  const [head, property] = path.map(String);
  switch (head) {
    case 'customer':
      switch (property) {
        case undefined:
        case 'id':
        case 'source_id':
          return 'customer.identifier';
        case 'name':
        case 'email':
        case 'phone':
        case 'birthdate':
          return `customer.${property}`;
        case 'birthday':
          return 'customer.birthdate';
        case 'metadata':
          return 'customer.metadata';
        default:
          return null;
      }
    case 'voucher':
      return 'voucher';
    case 'source_id':
      return 'publication.source_id';
    case 'channel':
      return 'publication.channel';
    case 'metadata':
      return 'publication.metadata';
    default:
      return null;
  }
}

/**
 * The form's schema for `zodResolver`: the form's own checks, then the contract's Add Member
 * schema on the body the form maps to, its issues shown on the matching fields in plain words. The output is
 * the request body, ready to send.
 */
export const enrollFormSchema = enrollFormFieldsSchema.transform((values, ctx): AddMemberRequest => {
  const checked = addMemberRequestSchema.safeParse(toAddMemberRequest(values));
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) {
    const field = fieldOfRequestPath(issue.path);
    ctx.issues.push({ code: 'custom', input: values, message: sayValidationMessage(issue.message), path: field ? field.split('.') : [] });
  }
  return z.NEVER;
});

/** How to name the customer just enrolled: what the form said about them, never a `cust_` id. */
export function holderNameOf(customer: AddMemberRequest['customer']): string {
  if (typeof customer === 'string') return customer.startsWith('cust_') ? 'the customer' : customer;
  return customer.name ?? customer.email ?? (customer.id ? 'the customer' : customer.source_id) ?? 'the customer';
}
