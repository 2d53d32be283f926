import { parseValidationDetails, type ValidationDetail } from './validation-details';

/**
 * A validation problem in words a person uses, to show beside the field it concerns (so it does not
 * name the field): "Too big: expected string to have <=1000 characters" → "Use at most 1,000
 * characters." The service keeps the real API's technical wording in `details`; the dashboard says this.
 */

const kinds: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  object: 'a group of fields',
  array: 'a list',
  date: 'a date',
};

const number = (text: string) => Number(text).toLocaleString('en-US');

/** zod's messages (the contract's schemas speak through them), each with its plain-words version. */
const messageWordings: { pattern: RegExp; say: (match: RegExpExecArray) => string }[] = [
  { pattern: /^Too big: expected string to have <=?(\d+) characters?$/, say: ([, n]) => `Use at most ${number(n)} characters.` },
  { pattern: /^Too small: expected string to have >=?1 characters?$/, say: () => 'Enter a value.' },
  { pattern: /^Too small: expected string to have >=?(\d+) characters?$/, say: ([, n]) => `Use at least ${number(n)} characters.` },
  { pattern: /^Too big: expected array to have <=?(\d+) items?$/, say: ([, n]) => `Give at most ${number(n)} items.` },
  { pattern: /^Too small: expected array to have >=?(\d+) items?$/, say: ([, n]) => `Give at least ${number(n)} ${n === '1' ? 'item' : 'items'}.` },
  { pattern: /^Too big: expected number to be <=(-?[\d.]+)$/, say: ([, n]) => `Enter ${number(n)} or less.` },
  { pattern: /^Too big: expected number to be <(-?[\d.]+)$/, say: ([, n]) => `Enter less than ${number(n)}.` },
  { pattern: /^Too small: expected number to be >=(-?[\d.]+)$/, say: ([, n]) => `Enter ${number(n)} or more.` },
  { pattern: /^Too small: expected number to be >(-?[\d.]+)$/, say: ([, n]) => `Enter more than ${number(n)}.` },
  { pattern: /^Invalid input: expected (\w+), received \w+$/, say: ([, kind]) => `Enter ${kinds[kind] ?? kind}.` },
  { pattern: /^Invalid option: expected one of (.+)$/, say: ([, options]) => `Choose one of ${options.split('|').map((o) => o.replace(/^"|"$/g, '')).join(', ')}.` },
  { pattern: /^Invalid email address$/, say: () => 'Enter an email address such as name@example.com.' },
  { pattern: /^Invalid ISO date$/, say: () => 'Enter a date as YYYY-MM-DD.' },
  { pattern: /^Invalid ISO datetime$/, say: () => 'Enter a date and time such as 2026-01-31T12:00:00Z.' },
  { pattern: /^Invalid string: must match pattern/, say: () => 'This value is not in the expected format.' },
];

/** A message of the service's in plain words; a message already written for people passes through. */
export function sayValidationMessage(message: string): string {
  for (const { pattern, say } of messageWordings) {
    const match = pattern.exec(message);
    if (match) return say(match);
  }
  const sentence = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export function sayValidationDetail(detail: ValidationDetail): string {
  switch (detail.kind) {
    case 'required':
      return 'Required.';
    case 'additional':
      return `The service does not accept a field named “${detail.property}” here.`;
    case 'invalid':
      return sayValidationMessage(detail.message);
  }
}

/** A whole `details` string in plain words, naming each field it concerns (for text shown away from the fields). */
export function sayValidationDetails(details: string): string {
  return parseValidationDetails(details)
    .map(({ text, detail }) => {
      if (!detail) return text;
      const path = detail.kind === 'invalid' ? detail.path : [...detail.path, detail.property];
      const where = path.length ? `${path.join('.')}: ` : '';
      return `${where}${sayValidationDetail(detail)}`;
    })
    .join('\n');
}
