/**
 * What light form checks share with the schemas of validation.ts, without building a schema: the web's sign-in
 * screens check their few fields with these and load zod's schema core only when a call needs it.
 */

export { LIMITS } from './constants.js';
export { EMAIL_PATTERN } from './text-rules.js';
export { translateIssues } from './validation-messages.js';
