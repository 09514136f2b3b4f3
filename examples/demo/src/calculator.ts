const MAX_LENGTH = 500;

/**
 * Evaluates arithmetic: numbers, `+ - * / % ^`, parentheses, unary signs. A small parser,
 * never `eval`, so a model's input can do nothing but arithmetic.
 */
export function calculate(expression: string): number {
  if (expression.length > MAX_LENGTH)
    throw new Error(`Expressions are limited to ${MAX_LENGTH} characters.`);
  const tokens = expression.match(/\d+(?:\.\d+)?(?:e[+-]?\d+)?|\.\d+|[-+*/%^()]|\S/gi) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];

  function primary(): number {
    const token = take();
    if (token === '(') {
      const value = sum();
      if (take() !== ')') throw new Error('A closing parenthesis is missing.');
      return value;
    }
    const value = Number(token);
    if (token === undefined || Number.isNaN(value))
      throw new Error(
        `Unexpected ${token === undefined ? 'end' : `"${token}"`} in the expression.`,
      );
    return value;
  }

  function power(): number {
    const base = primary();
    if (peek() !== '^') return base;
    take();
    return base ** unary();
  }

  // A sign binds more loosely than `^`: -5 ^ 2 is -25.
  function unary(): number {
    const sign = peek();
    if (sign !== '-' && sign !== '+') return power();
    take();
    return sign === '-' ? -unary() : unary();
  }

  function product(): number {
    let value = unary();
    while (peek() === '*' || peek() === '/' || peek() === '%') {
      const operator = take();
      const right = unary();
      value = operator === '*' ? value * right : operator === '/' ? value / right : value % right;
    }
    return value;
  }

  function sum(): number {
    let value = product();
    while (peek() === '+' || peek() === '-')
      value = take() === '+' ? value + product() : value - product();
    return value;
  }

  const result = sum();
  if (at < tokens.length) throw new Error(`Unexpected "${tokens[at]}" in the expression.`);
  if (!Number.isFinite(result)) throw new Error('The result is not a finite number.');
  return Math.round(result * 1e10) / 1e10;
}
