/**
 * One format for the `details` of a 400 `invalid_payload` / `invalid_query_params`: the service
 * writes it with `formatValidationDetails`, the dashboard reads it back with `parseValidationDetails`
 * to show each problem beside the field it names. The words follow the real API's:
 * "Property .customer.email: expected string", "Payload should have required property 'customer'".
 */

/** One problem with a request, at the path of the object or value it concerns. */
export type ValidationDetail =
  /** `property` is missing from the object at `path`. */
  | { kind: 'required'; path: string[]; property: string }
  /** The object at `path` has a property it may not have. */
  | { kind: 'additional'; path: string[]; property: string }
  /** The value at `path` is wrong, for the reason in `message`. */
  | { kind: 'invalid'; path: string[]; message: string };

/** Several details in one `details` string. */
const separator = '; ';

function owner(path: readonly string[]): string {
  return path.length ? `Property .${path.join('.')}` : 'Payload';
}

export function formatValidationDetail(detail: ValidationDetail): string {
  switch (detail.kind) {
    case 'required':
      return `${owner(detail.path)} should have required property '${detail.property}'`;
    case 'additional':
      return `${owner(detail.path)} should not have additional property '${detail.property}'`;
    case 'invalid':
      return `${owner(detail.path)}: ${detail.message}`;
  }
}

export function formatValidationDetails(details: readonly ValidationDetail[]): string {
  return details.map(formatValidationDetail).join(separator);
}

const ownerPattern = String.raw`(?:Payload|Property \.([^\s:]+))`;
const requiredPattern = new RegExp(`^${ownerPattern} should have required property '(.+)'$`);
const additionalPattern = new RegExp(`^${ownerPattern} should not have additional property '(.+)'$`);
const invalidPattern = new RegExp(`^${ownerPattern}: ([\\s\\S]*)$`);

function pathOf(text: string | undefined): string[] {
  return text ? text.split('.').filter(Boolean) : [];
}

/** The detail one formatted string describes, or null for text in another format. */
export function parseValidationDetail(text: string): ValidationDetail | null {
  const required = requiredPattern.exec(text);
  if (required) return { kind: 'required', path: pathOf(required[1]), property: required[2] };
  const additional = additionalPattern.exec(text);
  if (additional) return { kind: 'additional', path: pathOf(additional[1]), property: additional[2] };
  const invalid = invalidPattern.exec(text);
  if (invalid) return { kind: 'invalid', path: pathOf(invalid[1]), message: invalid[2] };
  return null;
}

/** Where a detail starts: a message may itself hold the separator, so anything else continues the one before. */
const detailStart = /^(?:Payload|Property \.)/;

/** Every detail of a `details` string, each with its text; `detail` is null where the text is in another format. */
export function parseValidationDetails(details: string): { text: string; detail: ValidationDetail | null }[] {
  const texts: string[] = [];
  for (const part of details.split(separator)) {
    if (texts.length > 0 && !detailStart.test(part)) texts[texts.length - 1] += `${separator}${part}`;
    else texts.push(part);
  }
  return texts.map((text) => ({ text, detail: parseValidationDetail(text) }));
}

/** The path of the field a detail concerns: a missing or extra property's own path, else the value's. */
export function fieldPathOf(detail: ValidationDetail): string[] {
  return detail.kind === 'invalid' ? detail.path : [...detail.path, detail.property];
}
