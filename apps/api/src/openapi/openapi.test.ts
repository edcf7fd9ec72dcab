import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument, OPENAPI_PATH } from './document.js';

describe('OpenAPI document', () => {
  it('is committed and matches the routes (run `npm run openapi` when this fails)', async () => {
    const committed = readFileSync(OPENAPI_PATH, 'utf8');
    expect(committed).toBe(await generateOpenApiDocument());
  });

  it('is OpenAPI 3.1 and names every operation', async () => {
    const doc = JSON.parse(await generateOpenApiDocument());
    expect(doc.openapi).toBe('3.1.0');
    for (const item of Object.values<Record<string, { operationId?: string }>>(doc.paths)) {
      for (const op of Object.values(item)) expect(op.operationId).toEqual(expect.any(String));
    }
  });
});
