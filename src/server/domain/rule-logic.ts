/**
 * The `logic` formula of a rules group: rule numbers joined by `and` / `or`, with `not` and
 * parentheses ("1 and (2 or not 3)"). `and` binds tighter than `or`. Case-insensitive.
 */
export type LogicExpr = { kind: 'rule'; id: string } | { kind: 'not'; of: LogicExpr } | { kind: 'and' | 'or'; left: LogicExpr; right: LogicExpr };

export class LogicSyntaxError extends Error {}

function tokenize(logic: string): string[] {
  const tokens = logic.toLowerCase().match(/\d+|and|or|not|\(|\)|\S+/g) ?? [];
  for (const t of tokens) if (!/^(\d+|and|or|not|\(|\))$/.test(t)) throw new LogicSyntaxError(`unexpected '${t}' in logic '${logic}'`);
  return tokens;
}

export function parseLogic(logic: string): LogicExpr {
  const tokens = tokenize(logic);
  let at = 0;
  const fail = (what: string): never => {
    throw new LogicSyntaxError(`${what} at token ${at + 1} of logic '${logic}'`);
  };
  const or = (): LogicExpr => {
    let left = and();
    while (tokens[at] === 'or') {
      at++;
      left = { kind: 'or', left, right: and() };
    }
    return left;
  };
  const and = (): LogicExpr => {
    let left = unary();
    while (tokens[at] === 'and') {
      at++;
      left = { kind: 'and', left, right: unary() };
    }
    return left;
  };
  const unary = (): LogicExpr => {
    const token = tokens[at++];
    if (token === 'not') return { kind: 'not', of: unary() };
    if (token === '(') {
      const inner = or();
      if (tokens[at++] !== ')') fail("expected ')'");
      return inner;
    }
    if (token !== undefined && /^\d+$/.test(token)) return { kind: 'rule', id: String(Number(token)) };
    return fail(token === undefined ? 'unexpected end' : `unexpected '${token}'`);
  };
  const expr = or();
  if (at < tokens.length) fail(`unexpected '${tokens[at]}'`);
  return expr;
}

export function ruleIdsOf(expr: LogicExpr): string[] {
  switch (expr.kind) {
    case 'rule':
      return [expr.id];
    case 'not':
      return ruleIdsOf(expr.of);
    default:
      return [...ruleIdsOf(expr.left), ...ruleIdsOf(expr.right)];
  }
}

export function evaluateLogic(expr: LogicExpr, rule: (id: string) => boolean): boolean {
  switch (expr.kind) {
    case 'rule':
      return rule(expr.id);
    case 'not':
      return !evaluateLogic(expr.of, rule);
    case 'and':
      return evaluateLogic(expr.left, rule) && evaluateLogic(expr.right, rule);
    case 'or':
      return evaluateLogic(expr.left, rule) || evaluateLogic(expr.right, rule);
  }
}
