import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareApiDoc, type OpenApiDocument, readApiDoc } from '../testing/api-doc';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('is generated from the route schemas at /api/v1/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Cairn API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/ready']),
    );
    const health =
      doc.paths['/api/v1/health'].get.responses['200'].content['application/json'].schema;
    expect(health.properties.status).toMatchObject({ enum: ['ok'] });
    // Internal and non-API routes stay out of the document.
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/v1/'))).toEqual([]);
    expect(doc.paths['/api/v1/openapi.json']).toBeUndefined();
  });

  it('is browsable at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('matches docs/api.md: every endpoint documented, every answer with the fields it sends', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const markdown = await readFile(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    const endpoints = readApiDoc(markdown);
    expect(endpoints.length).toBeGreaterThan(100);
    // Each line names an endpoint and what docs/api.md gets wrong about it (src/server/testing/api-doc.ts).
    expect(compareApiDoc(endpoints, res.json() as OpenApiDocument)).toEqual([]);
  });
});
