import { describe, expect, it } from 'vitest';
import { compareApiDoc, type OpenApiDocument, parseFieldList, readApiDoc } from './api-doc';

/** An OpenAPI document of one route per entry: `{ 'GET /api/v1/x': { 200: schema } }`. */
function openapi(
  routes: Record<string, Record<string, object | null>>,
  schemas: Record<string, object> = {},
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [name, responses] of Object.entries(routes)) {
    const [method = '', path = ''] = name.split(' ');
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      responses: Object.fromEntries(
        Object.entries(responses).map(([status, schema]) => [
          status,
          schema ? { content: { 'application/json': { schema } } } : {},
        ]),
      ),
    };
  }
  return { paths, components: { schemas } };
}

const object = (properties: Record<string, object>, optional: string[] = []) => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
});
const text = { type: 'string' };
const list = (items: object) => ({ type: 'array', items });

const table = (...rows: string[]) =>
  ['| method and path | body | answer |', '| --- | --- | --- |', ...rows].join('\n');

describe('parseFieldList', () => {
  it('reads top-level names, optional marks, nested lists, and skips free text', () => {
    const { list: parsed } = parseFieldList(
      '{ id (the buy’s id, in `currency`), status: queued \\| ready, items: [{ a, b }], m: { x? }, next? }',
    );
    expect(parsed.open).toBe(false);
    expect(parsed.fields.map((field) => `${field.name}${field.optional ? '?' : ''}`)).toEqual([
      'id',
      'status',
      'items',
      'm',
      'next?',
    ]);
    expect(parsed.fields[2]?.nested?.fields.map((field) => field.name)).toEqual(['a', 'b']);
    expect(parsed.fields[3]?.nested?.fields.map((field) => field.name)).toEqual(['x']);
  });

  it('marks a list holding "..." or a placeholder as open', () => {
    expect(parseFieldList('{ ..., invitedEmail }').list.open).toBe(true);
    expect(parseFieldList('{ <table>: count }').list.open).toBe(true);
  });
});

describe('readApiDoc', () => {
  it('reads table rows (shared methods, escaped pipes, paths with or without /api/v1) and bold paragraphs', () => {
    const markdown = [
      table(
        '| `GET`, `PATCH /profile` | `{ a? }` | `{ user }`; `details: { class }` on 404 |',
        '| `POST /api/v1/things?x=1` | | 201 `{ id, kind: a \\| b }` |',
      ),
      '',
      '**`POST /import`** (body `{ csv, commit }`): answers 200 `{ rows }` (preview) or 201',
      '`{ imported }`.',
      '',
      '```json',
      '{ "not": "read" }',
      '```',
      '## Next',
    ].join('\n');
    const endpoints = readApiDoc(markdown);
    expect(
      endpoints.map((one) => ({
        name: `${one.method} ${one.path}`,
        answers: one.answers.map(
          (answer) => `${answer.status ?? '-'} ${answer.list.fields.map((f) => f.name).join(',')}`,
        ),
      })),
    ).toEqual([
      { name: 'GET /api/v1/profile', answers: ['- user'] },
      { name: 'PATCH /api/v1/profile', answers: ['- user'] },
      { name: 'POST /api/v1/things', answers: ['201 id,kind'] },
      // In a paragraph the body's list is not an answer: only lists after a status are.
      { name: 'POST /api/v1/import', answers: ['200 rows', '201 imported'] },
    ]);
  });
});

describe('compareApiDoc', () => {
  const user = object({ id: text, email: text });
  const routes = {
    'GET /api/v1/profile': { 200: object({ user: { $ref: '#/components/schemas/User' } }) },
    'DELETE /api/v1/profile': { 204: null },
  };
  const doc = (answer: string) =>
    readApiDoc(table(`| \`GET /profile\` | | ${answer} |`, '| `DELETE /profile` | | 204 |'));

  it('accepts an answer documented as sent', () => {
    const problems = compareApiDoc(
      doc('`{ user: { id, email } }`'),
      openapi(routes, { User: user }),
    );
    expect(problems).toEqual([]);
  });

  it('fails when a contract gains a field the doc does not list, naming the endpoint and field', () => {
    const grown = openapi(
      { ...routes, 'GET /api/v1/profile': { 200: object({ user: user, plan: text }) } },
      { User: user },
    );
    expect(compareApiDoc(doc('`{ user }`'), grown)).toEqual([
      'GET /api/v1/profile (docs/api.md:3) 200: fields sent but not documented: plan',
    ]);
  });

  it('checks nested lists the doc writes, and fields documented but not sent', () => {
    const problems = compareApiDoc(
      doc('`{ user: { id, name }, extra }`'),
      openapi(routes, { User: user }),
    );
    expect(problems).toEqual([
      'GET /api/v1/profile (docs/api.md:3) 200: fields documented but not sent: extra',
      'GET /api/v1/profile (docs/api.md:3) 200 user: fields sent but not documented: email',
      'GET /api/v1/profile (docs/api.md:3) 200 user: fields documented but not sent: name',
    ]);
  });

  it('requires "?" exactly on the fields not always sent (optional, or in one alternative)', () => {
    const union = openapi({
      'GET /api/v1/session': {
        200: {
          anyOf: [
            object({ user: text, aal: text, since: text }, ['since']),
            object({ aal: text, factors: list(object({ id: text })) }),
            { type: 'null' },
          ],
        },
      },
    });
    const read = (answer: string) => readApiDoc(table(`| \`GET /session\` | | ${answer} |`));
    expect(compareApiDoc(read('`{ user?, aal, since?, factors? }`'), union)).toEqual([]);
    expect(compareApiDoc(read('`{ user, aal?, since?, factors? }`'), union)).toEqual([
      'GET /api/v1/session (docs/api.md:3) 200: fields not always sent, to mark with "?": user',
      'GET /api/v1/session (docs/api.md:3) 200: fields always sent, marked "?": aal',
    ]);
  });

  it('names endpoints served but not documented, documented but not served, or without their list', () => {
    const problems = compareApiDoc(
      readApiDoc(
        table(
          '| `GET /profile` | | the user |',
          '| `GET /gone` | | `{ ok }` |',
          '| `GET /docs-only` | | |',
        ),
      ),
      openapi(routes, { User: user }),
    );
    expect(problems).toEqual([
      'DELETE /api/v1/profile: not documented in docs/api.md',
      'GET /api/v1/profile (docs/api.md:3): no field list for its 200 answer (write `{ user }`)',
      'GET /api/v1/gone (docs/api.md:4): documented but not served',
      'GET /api/v1/docs-only (docs/api.md:5): documented but not served',
    ]);
  });

  it('wants one list per status when an endpoint answers several, and none for a file', () => {
    const twoStatuses = openapi({
      'POST /api/v1/import': { 200: object({ rows: text }), 201: object({ imported: text }) },
      'GET /api/v1/file': { 200: { type: 'string' } },
    });
    const read = (importAnswer: string, fileAnswer: string) =>
      readApiDoc(
        table(`| \`POST /import\` | | ${importAnswer} |`, `| \`GET /file\` | | ${fileAnswer} |`),
      );
    expect(compareApiDoc(read('200 `{ rows }`, 201 `{ imported }`', 'CSV'), twoStatuses)).toEqual(
      [],
    );
    expect(compareApiDoc(read('`{ rows }`', '`{ a }`'), twoStatuses)).toEqual([
      'POST /api/v1/import (docs/api.md:3): no field list for its 200 answer (write 200 `{ rows }`)',
      'POST /api/v1/import (docs/api.md:3): no field list for its 201 answer (write 201 `{ imported }`)',
      'GET /api/v1/file (docs/api.md:4): documents a field list, but its answer is not a JSON object',
    ]);
  });
});
