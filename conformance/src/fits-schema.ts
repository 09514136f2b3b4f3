import { itemSchema, type JsonSchema, propertySchema, schemaTypes } from '@toolbridge/rxml';

function typeFits(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}

/**
 * Whether a value has the types its schema declares, recursively (the type keywords only:
 * enough to tell a ground truth that does not fit its own schema).
 */
export function fitsSchema(value: unknown, schema: JsonSchema | undefined): boolean {
  const types = schemaTypes(schema);
  if (types.size > 0 && ![...types].some((type) => typeFits(value, type))) return false;
  if (Array.isArray(value))
    return value.every((item, index) => fitsSchema(item, itemSchema(schema, index)));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).every(([key, item]) =>
      fitsSchema(item, propertySchema(schema, key)),
    );
  }
  return true;
}
