import { publishedOperations, type PublishedOperation } from './published-operations';

/** A path template as segments: a literal, or `null` for a parameter (`{code}`). */
interface Template {
  operation: PublishedOperation;
  segments: (string | null)[];
}

/** Literal before parameter, from the left: how a router chooses between templates that both match. */
function moreSpecificFirst(a: Template, b: Template): number {
  for (let i = 0; i < a.segments.length; i++) {
    const literalA = a.segments[i] !== null;
    const literalB = b.segments[i] !== null;
    if (literalA !== literalB) return literalA ? -1 : 1;
  }
  return 0;
}

/** `/v1/vouchers/ABC/?x=1` → `['v1', 'vouchers', 'ABC']`: the query and a trailing slash ignored, as the router ignores them. */
function segmentsOf(url: string): string[] {
  const path = url.split('?')[0].replace(/(.)\/$/, '$1');
  return path.split('/').slice(1);
}

/**
 * Which operation of the published contract a request names, by method and path template
 * (`GET /v1/vouchers/NOT-A-CODE` → `GET /v1/vouchers/{code}`). Built once; asked only for requests
 * no route of the service took, so the served paths never pay for it.
 */
export class PublishedOperationIndex {
  /** Templates by `METHOD segment-count`, most specific first. */
  private readonly templates = new Map<string, Template[]>();

  constructor(operations: readonly PublishedOperation[] = publishedOperations) {
    for (const operation of operations) {
      const segments = segmentsOf(operation.path).map((segment) => (/^\{.+\}$/.test(segment) ? null : segment));
      const key = `${operation.method} ${segments.length}`;
      const list = this.templates.get(key) ?? [];
      list.push({ operation, segments });
      this.templates.set(key, list);
    }
    for (const list of this.templates.values()) list.sort(moreSpecificFirst);
  }

  /** The operation `method url` names, or undefined for a method or path the contract does not have. */
  find(method: string, url: string): PublishedOperation | undefined {
    const segments = segmentsOf(url);
    const candidates = this.templates.get(`${method} ${segments.length}`) ?? [];
    const matches = (template: Template) => template.segments.every((literal, i) => (literal === null ? segments[i] !== '' : literal === segments[i]));
    return candidates.find(matches)?.operation;
  }
}
