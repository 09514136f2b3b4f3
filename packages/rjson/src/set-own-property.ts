/**
 * Stores `value` under `key` as an own data property. Plain assignment to `__proto__`
 * would replace the object's prototype instead, so parsed keys never go through it.
 */
export function setOwnProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}
