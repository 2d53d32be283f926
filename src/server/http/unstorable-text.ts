/**
 * Input the database cannot store, found before any work: text with NUL (PostgreSQL text and jsonb
 * reject U+0000), strings that are not well-formed UTF-16 (a lone surrogate has no UTF-8 form), and
 * nesting deeper than `maxDepth` (jsonb and our presenters recurse). Walks iteratively, so a hostile
 * depth cannot overflow the stack here.
 */
export const maxDepth = 32;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function badText(text: string): boolean {
  return text.includes('\u0000') || loneSurrogate.test(text);
}

/** A description of the first problem (naming the property), or undefined when the value is storable. */
export function findUnstorableText(value: unknown): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof current === 'string') {
      if (badText(current)) return `Property ${path || '(value)'}: contains a NUL character or an unpaired surrogate`;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) return `Property ${path || '(value)'}: nested deeper than ${maxDepth} levels`;
    for (const [key, child] of Object.entries(current)) {
      if (badText(key)) return `Property ${path || '(value)'}: a key contains a NUL character or an unpaired surrogate`;
      stack.push({ value: child, path: Array.isArray(current) ? `${path}[${key}]` : `${path}.${key}`, depth: depth + 1 });
    }
  }
  return undefined;
}
