import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateOpenApiDocument, OPENAPI_PATH } from './document.js';

writeFileSync(OPENAPI_PATH, await generateOpenApiDocument());
console.log(`Wrote ${fileURLToPath(OPENAPI_PATH)}`);
