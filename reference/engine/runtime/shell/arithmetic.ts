/** `$(( ... ))`: integer arithmetic with + - * / % comparisons, && || and parentheses. */
import { ShellSyntaxError } from './lexer.ts';

const PRECEDENCE: Record<string, number> = { '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 4, '>': 4, '<=': 4, '>=': 4, '+': 5, '-': 5, '*': 6, '/': 6, '%': 6 };

function apply(op: string, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
    case '%':
      if (b === 0) throw new ShellSyntaxError('sh: arithmetic syntax error: divide by zero');
      return op === '/' ? Math.trunc(a / b) : a % b;
    case '<':
      return Number(a < b);
    case '>':
      return Number(a > b);
    case '<=':
      return Number(a <= b);
    case '>=':
      return Number(a >= b);
    case '==':
      return Number(a === b);
    case '!=':
      return Number(a !== b);
    case '&&':
      return Number(a !== 0 && b !== 0);
    default:
      return Number(a !== 0 || b !== 0);
  }
}

export function evaluateArithmetic(expression: string, lookup: (name: string) => string | undefined): number {
  const tokens = expression.match(/\d+|[A-Za-z_]\w*|\|\||&&|[<>=!]=|[-+*/%()<>!]|\S/g) ?? [];
  let i = 0;
  const fail = (): never => {
    throw new ShellSyntaxError(`sh: arithmetic syntax error: ${expression.trim()}`);
  };
  const primary = (): number => {
    const t = tokens[i++];
    if (t === undefined) return fail();
    if (t === '(') {
      const v = binary(0);
      if (tokens[i++] !== ')') fail();
      return v;
    }
    if (t === '-') return -primary();
    if (t === '+') return primary();
    if (t === '!') return Number(primary() === 0);
    if (/^\d+$/.test(t)) return Number(t);
    if (/^[A-Za-z_]/.test(t)) return parseInt(lookup(t) ?? '0', 10) || 0;
    return fail();
  };
  const binary = (min: number): number => {
    let left = primary();
    for (let op = tokens[i]; op !== undefined && (PRECEDENCE[op] ?? 0) > min; op = tokens[i]) {
      i++;
      left = apply(op, left, binary(PRECEDENCE[op]!));
    }
    return left;
  };
  const value = tokens.length ? binary(0) : 0;
  if (i < tokens.length) fail();
  return value;
}
