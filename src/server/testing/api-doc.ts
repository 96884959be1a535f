/**
 * Reads docs/api.md's answers and holds them to the OpenAPI document the routes build, so the
 * documented fields cannot drift from what the code sends.
 *
 * How docs/api.md writes an endpoint (the format this reader relies on):
 * - a table row whose first cell names it in backticks, `GET /portfolios/{id}` (a bare method
 *   before it shares its path: `GET`, `PATCH /profile`), paths under /api/v1 written with or
 *   without that prefix, a query string ignored; its answer is the row's last cell;
 * - or a paragraph that starts with it in bold, **`GET /market-data/fx?base=`**; its answer is the
 *   text up to the next such paragraph, heading or table.
 * - The answer's fields are the first field list in backticks, `{ a, b: [{ c, d }], e? }`,
 *   written after its status when the endpoint has several (`200 { ... }`, `201 { ... }`); in a
 *   paragraph, the status is always written, since such text also describes the body. It names
 *   every top-level field, a `?` marking one that is not always there (optional, or present in
 *   one alternative of several); a nested list (`b: [{ c, d }]`, `m: { x, y }`) names every
 *   field of that object too, unless it holds `...` (the fields named must then exist). Text
 *   after a name (`status: queued \| ready`, `price (per unit)`) is free.
 * - An answer without a body (204) or that is not JSON (a CSV file) writes no field list.
 */

export type DocField = {
  name: string;
  optional: boolean;
  /** The fields of a nested object or array of objects, when the doc writes them. */
  nested: DocFieldList | null;
};
export type DocFieldList = { fields: DocField[]; open: boolean };
export type DocAnswer = { status: string | null; list: DocFieldList };
export type DocEndpoint = {
  method: string;
  path: string;
  /** 1-based line of docs/api.md where the endpoint is named. */
  line: number;
  answers: DocAnswer[];
};

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
const API_PREFIX = '/api/v1';

/** `/auth/login?x=1` -> `/api/v1/auth/login`; paths outside the API stay as written. */
export function normalisePath(path: string): string {
  const bare = path.split('?')[0] ?? path;
  if (bare.startsWith(API_PREFIX) || bare.startsWith('/api/docs')) return bare;
  if (bare === '/robots.txt' || bare === '/sitemap.xml' || bare.startsWith('/uploads')) {
    return bare;
  }
  return `${API_PREFIX}${bare}`;
}

/** Splits a table row into its cells (an escaped `\|` stays inside its cell). */
function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < inner.length; i += 1) {
    const char = inner[i];
    if (char === '\\' && inner[i + 1] === '|') {
      current += '|';
      i += 1;
    } else if (char === '|') {
      out.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  out.push(current.trim());
  return out;
}

/** The endpoints a table's first cell (or a bold paragraph start) names. */
function endpointsIn(text: string): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  let pending: string[] = [];
  for (const match of text.matchAll(/`([^`]+)`/g)) {
    const span = (match[1] ?? '').trim();
    if (METHODS.includes(span)) {
      pending.push(span);
      continue;
    }
    const named = /^([A-Z]+) (\/\S*)$/.exec(span);
    if (!named || !METHODS.includes(named[1] ?? '')) continue;
    const path = normalisePath(named[2] ?? '');
    for (const method of [...pending, named[1] ?? '']) found.push({ method, path });
    pending = [];
  }
  return found;
}

/**
 * Parses a field list starting at `text[start]` (an opening brace). Backticks inside are text
 * (a list may hold `currency` in backticks); it ends at the matching brace.
 */
export function parseFieldList(text: string, start = 0): { list: DocFieldList; end: number } {
  if (text[start] !== '{') throw new Error(`a field list starts with "{": ${text.slice(start)}`);
  const fields: DocField[] = [];
  let open = false;
  let i = start + 1;
  const skipSpace = () => {
    while (i < text.length && /[\s`]/.test(text[i] ?? '')) i += 1;
  };
  // Skips a value (or free text) up to the comma or brace that ends this element.
  const skipToElementEnd = () => {
    let depth = 0;
    while (i < text.length) {
      const char = text[i];
      if (char === '{' || char === '[' || char === '(') depth += 1;
      else if (char === '}' || char === ']' || char === ')') {
        // Only this list's own brace ends it; a stray bracket in free text does not.
        if (depth === 0 && char === '}') return;
        if (depth > 0) depth -= 1;
      } else if (char === ',' && depth === 0) return;
      i += 1;
    }
  };
  for (;;) {
    skipSpace();
    if (i >= text.length) throw new Error(`unclosed field list: ${text.slice(start, start + 80)}`);
    if (text[i] === '}') return { list: { fields, open }, end: i + 1 };
    if (text.startsWith('...', i)) {
      open = true;
      i += 3;
      skipToElementEnd();
    } else {
      const name = /^([A-Za-z_$][\w$]*)(\?)?/.exec(text.slice(i));
      if (!name) {
        // A placeholder (`<table>: count`) or free text: the list does not name its fields.
        open = true;
        skipToElementEnd();
      } else {
        i += name[0].length;
        let nested: DocFieldList | null = null;
        skipSpace();
        if (text[i] === ':') {
          i += 1;
          skipSpace();
          const arrayOfObjects = text[i] === '[' && /^\[\s*\{/.test(text.slice(i));
          if (arrayOfObjects) i = text.indexOf('{', i);
          if (text[i] === '{') {
            const inner = parseFieldList(text, i);
            nested = inner.list;
            i = inner.end;
          }
        }
        fields.push({ name: name[1] ?? '', optional: name[2] === '?', nested });
        skipToElementEnd();
      }
    }
    if (text[i] === ',') i += 1;
  }
}

/** The answers written in an endpoint's text: the first field list of each status. */
function answersIn(text: string, statusRequired: boolean): DocAnswer[] {
  const answers: DocAnswer[] = [];
  const seen = new Set<string | null>();
  for (const match of text.matchAll(/(?:\b(2\d\d)\s+)?`\{/g)) {
    const status = match[1] ?? null;
    if (statusRequired && status === null) continue;
    if (seen.has(status)) continue;
    seen.add(status);
    const brace = (match.index ?? 0) + match[0].length - 1;
    answers.push({ status, list: parseFieldList(text, brace).list });
  }
  return answers;
}

/** Every endpoint docs/api.md documents, with the answers it writes. */
export function readApiDoc(markdown: string): DocEndpoint[] {
  const lines = markdown.split('\n');
  const endpoints: DocEndpoint[] = [];
  let prose: { names: { method: string; path: string }[]; line: number; text: string[] } | null =
    null;
  let inCode = false;
  const closeProse = () => {
    if (!prose) return;
    const answers = answersIn(prose.text.join('\n'), true);
    for (const name of prose.names) endpoints.push({ ...name, line: prose.line, answers });
    prose = null;
  };
  lines.forEach((line, index) => {
    if (line.startsWith('```')) {
      inCode = !inCode;
      return;
    }
    if (inCode) return;
    if (line.startsWith('#') || line.startsWith('|')) closeProse();
    if (line.startsWith('|')) {
      const row = cells(line);
      const names = endpointsIn(row[0] ?? '');
      if (names.length === 0) return;
      const answers = answersIn(row[row.length - 1] ?? '', false);
      for (const name of names) endpoints.push({ ...name, line: index + 1, answers });
      return;
    }
    const bold = /^\*\*(`[^`]+`)/.exec(line);
    const names = bold ? endpointsIn(bold[1] ?? '') : [];
    if (names.length > 0) {
      closeProse();
      prose = { names, line: index + 1, text: [line] };
      return;
    }
    prose?.text.push(line);
  });
  closeProse();
  return endpoints;
}

/* The OpenAPI side. */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
export type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        responses?: Record<
          string,
          { content?: Record<string, { schema?: JsonSchema }> } | undefined
        >;
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** The object shapes a schema may take (references resolved, null and arrays' wrappers left). */
function shapes(schema: JsonSchema, doc: OpenApiDocument, depth = 0): JsonSchema[] {
  if (depth > 20) return [];
  if (schema.$ref) {
    const target = doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''];
    return target ? shapes(target, doc, depth + 1) : [];
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap((one) => shapes(one, doc, depth + 1));
  if (schema.allOf) {
    const parts = schema.allOf.flatMap((one) => shapes(one, doc, depth + 1));
    return [
      {
        type: 'object',
        properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
        required: parts.flatMap((part) => part.required ?? []),
      },
    ];
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('array') && schema.items) return shapes(schema.items, doc, depth + 1);
  if (schema.properties) return [schema];
  return [];
}

type Keys = { names: string[]; optional: Set<string>; shapes: JsonSchema[] };

/** The keys an answer may carry, and which of them are not always there. */
function keysOf(schemas: JsonSchema[]): Keys | null {
  const objects = schemas.filter((one) => one.properties);
  if (objects.length === 0) return null;
  const names: string[] = [];
  for (const one of objects) {
    for (const key of Object.keys(one.properties ?? {})) if (!names.includes(key)) names.push(key);
  }
  const optional = new Set(
    names.filter((key) =>
      objects.some((one) => !one.properties?.[key] || !(one.required ?? []).includes(key)),
    ),
  );
  return { names, optional, shapes: objects };
}

function compareList(
  where: string,
  list: DocFieldList,
  keys: Keys,
  doc: OpenApiDocument,
  topLevel: boolean,
  problems: string[],
) {
  const written = list.fields.map((field) => field.name);
  const missing = keys.names.filter((key) => !written.includes(key));
  const extra = written.filter((name) => !keys.names.includes(name));
  if (topLevel && list.open) {
    problems.push(`${where}: the answer's field list must name every field, not "..."`);
  }
  if (missing.length > 0 && !(list.open && !topLevel)) {
    problems.push(`${where}: fields sent but not documented: ${missing.join(', ')}`);
  }
  if (extra.length > 0) {
    problems.push(`${where}: fields documented but not sent: ${extra.join(', ')}`);
  }
  if (topLevel) {
    const unmarked = list.fields
      .filter((field) => keys.optional.has(field.name) && !field.optional)
      .map((field) => field.name);
    const marked = list.fields
      .filter((field) => field.optional && keys.names.includes(field.name))
      .filter((field) => !keys.optional.has(field.name))
      .map((field) => field.name);
    if (unmarked.length > 0) {
      problems.push(`${where}: fields not always sent, to mark with "?": ${unmarked.join(', ')}`);
    }
    if (marked.length > 0) {
      problems.push(`${where}: fields always sent, marked "?": ${marked.join(', ')}`);
    }
  }
  for (const field of list.fields) {
    if (!field.nested) continue;
    const inner = keysOf(
      keys.shapes.flatMap((shape) => {
        const property = shape.properties?.[field.name];
        return property ? shapes(property, doc) : [];
      }),
    );
    // A map (`{ <table>: count }`) or a value the schema does not describe as an object.
    if (!inner) continue;
    compareList(`${where} ${field.name}`, field.nested, inner, doc, false, problems);
  }
}

/** Paths served outside the OpenAPI document (the document itself, sockets, crawler files). */
export const OUTSIDE_OPENAPI = new Set([
  'GET /api/v1/openapi.json',
  'GET /api/docs',
  'GET /api/v1/realtime',
  'GET /robots.txt',
  'GET /sitemap.xml',
]);

/**
 * What docs/api.md gets wrong against the routes' OpenAPI document: an endpoint that is not
 * documented or not served, and for each documented answer the fields sent but not written,
 * written but not sent, and the `?` marks that do not say which are not always there.
 */
export function compareApiDoc(endpoints: DocEndpoint[], openapi: OpenApiDocument): string[] {
  const problems: string[] = [];
  const documented = new Set(endpoints.map((one) => `${one.method} ${one.path}`));
  for (const [path, operations] of Object.entries(openapi.paths)) {
    for (const method of Object.keys(operations)) {
      const name = `${method.toUpperCase()} ${path}`;
      if (!documented.has(name)) problems.push(`${name}: not documented in docs/api.md`);
    }
  }
  for (const endpoint of endpoints) {
    const name = `${endpoint.method} ${endpoint.path}`;
    const where = `${name} (docs/api.md:${endpoint.line})`;
    if (OUTSIDE_OPENAPI.has(name)) continue;
    const operation = openapi.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
    if (!operation) {
      problems.push(`${where}: documented but not served`);
      continue;
    }
    const json = Object.entries(operation.responses ?? {}).flatMap(([status, response]) => {
      if (!status.startsWith('2')) return [];
      const schema = response?.content?.['application/json']?.schema;
      const keys = schema ? keysOf(shapes(schema, openapi)) : null;
      return keys ? [{ status, keys }] : [];
    });
    for (const { status, keys } of json) {
      const answer =
        endpoint.answers.find((one) => one.status === status) ??
        (json.length === 1 ? endpoint.answers.find((one) => one.status === null) : undefined);
      if (!answer) {
        problems.push(
          `${where}: no field list for its ${status} answer (write ${json.length === 1 ? '' : `${status} `}\`{ ${keys.names.join(', ')} }\`)`,
        );
        continue;
      }
      compareList(`${where} ${status}`, answer.list, keys, openapi, true, problems);
    }
    if (json.length === 0 && endpoint.answers.length > 0) {
      problems.push(`${where}: documents a field list, but its answer is not a JSON object`);
    }
  }
  return problems;
}
