import type { z } from 'zod';
import { isStorableText } from '@/contracts/input-rules';

/**
 * Reading a route's zod contract for the fuzz test: a valid sample to start from, the fields to
 * spoil, and the text fields that miss the shared text rule. Reads zod 4's definitions (`_zod.def`).
 */

type Def = { type: string } & Record<string, unknown>;
type Schema = z.ZodType;

export const defOf = (schema: Schema): Def =>
  (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
]);

/** The schema under optional/nullable/default/... wrappers. */
export function unwrap(schema: Schema): Schema {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type)) current = def.innerType as Schema;
    else if (def.type === 'lazy') current = (def.getter as () => Schema)();
    else return current;
  }
}

/** Values tried, in order, for a string field until one passes its rules. */
const STRING_CANDIDATES = [
  'Fuzz',
  'FUZZ',
  'Fuzz-Pass-123',
  'ABCDEFGH',
  '123456',
  '10',
  '2024-01-15',
  '10:00',
  'default',
  'Europe/Paris',
  'user',
  'fuzz@example.com',
  'https://example.com/logo.png',
  '4a6c1d7e-0f3b-4d2a-9e8c-7b5a4f3e2d1c',
  'x',
];
const NUMBER_CANDIDATES = [1, 10, 0, 50];

const parses = (schema: Schema, value: unknown) => schema.safeParse(value).success;

/**
 * A value the schema accepts, or undefined. `hints` give values by field name (real ids of the
 * signed-in user's data) and win when the field accepts them.
 */
export function sampleOf(
  schema: Schema,
  hints: Record<string, unknown> = {},
  key?: string,
): unknown {
  if (key !== undefined && key in hints && parses(schema, hints[key])) return hints[key];
  const def = defOf(schema);
  const first = (candidates: unknown[]) => candidates.find((value) => parses(schema, value));
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional': {
      const inner = sampleOf(def.innerType as Schema, hints, key);
      return inner !== undefined && parses(schema, inner) ? inner : undefined;
    }
    case 'lazy':
      return sampleOf((def.getter as () => Schema)(), hints, key);
    case 'pipe': {
      const inner = sampleOf(def.in as Schema, hints, key);
      if (inner !== undefined && parses(schema, inner)) return inner;
      return first(STRING_CANDIDATES) ?? first(NUMBER_CANDIDATES);
    }
    case 'object':
      return objectSample(schema, hints);
    case 'union':
      for (const option of def.options as Schema[]) {
        const value = sampleOf(option, hints, key);
        if (value !== undefined && parses(schema, value)) return value;
      }
      return undefined;
    case 'array': {
      const element = sampleOf(def.element as Schema, hints, key);
      return first(element === undefined ? [[]] : [[element], []]);
    }
    case 'record':
      return {};
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'boolean':
      return false;
    case 'number':
    case 'bigint':
      return first(NUMBER_CANDIDATES);
    case 'string':
      return first(STRING_CANDIDATES);
    case 'null':
      return null;
    case 'unknown':
    case 'any':
      return 'x';
    default:
      return undefined;
  }
}

function objectSample(schema: Schema, hints: Record<string, unknown>) {
  const shape = defOf(schema).shape as Record<string, Schema>;
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const sample = sampleOf(field, hints, key);
    if (sample !== undefined) value[key] = sample;
  }
  if (parses(schema, value)) return value;
  // An object rule (settlement after trade, lots only for specific-lot sales...): drop optional
  // fields until it holds.
  for (const key of Object.keys(value)) {
    if (!parses(shape[key] as Schema, undefined)) continue;
    const { [key]: _dropped, ...rest } = value;
    if (parses(schema, rest)) return rest;
  }
  return value;
}

/** The samples of a body: one per option of a (discriminated) union, else one. */
export function basesOf(schema: Schema, hints: Record<string, unknown>): unknown[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'union')
    return (def.options as Schema[]).map((option) => sampleOf(option, hints) ?? {});
  const sample = sampleOf(schema, hints);
  return [sample === undefined ? {} : sample];
}

export type FieldPath = (string | number)[];

/** Every field of a body (nested objects and arrays' first elements too), for one base. */
export function fieldsOf(schema: Schema, base: unknown, path: FieldPath = []): FieldPath[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'pipe':
      return fieldsOf(def.in as Schema, base, path);
    case 'object': {
      const out: FieldPath[] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
        const next = [...path, key];
        out.push(next, ...fieldsOf(field, (base as Record<string, unknown>)?.[key], next).slice(1));
      }
      return path.length ? [path, ...out] : out;
    }
    case 'array': {
      const next = [...path, 0];
      return [path, ...fieldsOf(def.element as Schema, (base as unknown[])?.[0], next)];
    }
    case 'union': {
      // The option the base follows (a discriminated union's class), else none deeper.
      const option = (def.options as Schema[]).find((candidate) => parses(candidate, base));
      return option ? fieldsOf(option, base, path) : [path];
    }
    default:
      return [path];
  }
}

/** The value at `path` in `base`. */
export function valueAt(base: unknown, path: FieldPath): unknown {
  let current = base;
  for (const key of path) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** A copy of `base` with `value` at `path` (undefined removes the field). */
export function withValue(base: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...FieldPath];
  const next = withValue(
    base && typeof base === 'object' ? (base as Record<string | number, unknown>)[head] : undefined,
    rest,
    value,
  );
  if (Array.isArray(base) || (!base && typeof head === 'number')) {
    const copy = Array.isArray(base) ? [...(base as unknown[])] : [];
    copy[head as number] = next;
    return copy;
  }
  const entries = Object.entries(base && typeof base === 'object' ? base : {}).filter(
    ([key]) => key !== String(head),
  );
  return Object.fromEntries(next === undefined ? entries : [...entries, [String(head), next]]);
}

/** String formats whose own pattern already keeps U+0000 and lone surrogates out. */
const SAFE_FORMATS = new Set(['uuid', 'guid', 'email', 'date', 'datetime', 'time', 'cuid', 'ulid']);

const hasTextRule = (def: Def) =>
  ((def.checks as { _zod: { def: { fn?: unknown } } }[] | undefined) ?? []).some(
    (check) => check._zod.def.fn === isStorableText,
  );

/** Paths of the string fields of a schema that do not refuse what PostgreSQL cannot store. */
export function textFieldsWithoutRule(schema: Schema, path: FieldPath = []): string[] {
  const def = defOf(schema);
  const here = path.join('.') || '(root)';
  switch (def.type) {
    case 'string': {
      const format = def.format as string | undefined;
      if (format && SAFE_FORMATS.has(format)) return [];
      return hasTextRule(def) ? [] : [here];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return textFieldsWithoutRule(def.innerType as Schema, path);
    case 'lazy':
      return textFieldsWithoutRule((def.getter as () => Schema)(), path);
    case 'pipe':
      return [
        ...textFieldsWithoutRule(def.in as Schema, path),
        ...textFieldsWithoutRule(def.out as Schema, path),
      ];
    case 'object':
      return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, field]) =>
        textFieldsWithoutRule(field, [...path, key]),
      );
    case 'array':
      return textFieldsWithoutRule(def.element as Schema, [...path, 0]);
    case 'union':
      return (def.options as Schema[]).flatMap((option) => textFieldsWithoutRule(option, path));
    case 'intersection':
      return [
        ...textFieldsWithoutRule(def.left as Schema, path),
        ...textFieldsWithoutRule(def.right as Schema, path),
      ];
    case 'record':
      return [
        ...textFieldsWithoutRule(def.keyType as Schema, [...path, '(key)']),
        ...textFieldsWithoutRule(def.valueType as Schema, [...path, '(value)']),
      ];
    case 'tuple':
      return (def.items as Schema[]).flatMap((item, index) =>
        textFieldsWithoutRule(item, [...path, index]),
      );
    default:
      return [];
  }
}
