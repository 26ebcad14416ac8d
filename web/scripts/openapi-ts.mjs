// @hey-api/openapi-ts builds its output with the TypeScript compiler's JavaScript API, which TypeScript 7 (the
// console's, a native compiler) no longer ships. Its peer dependency is hoisted beside ours, so npm cannot nest an
// older one under it: this runs its command line with the bare specifier `typescript` resolved, for it alone, to
// `typescript-js` (TypeScript 6, package.json's alias). Used by tests/entrypoints/rest/test_generated_clients.py.
import { register } from 'node:module';

const hook = `
export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL && context.parentURL.includes('/@hey-api/')) {
    return next('typescript-js', context);
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, import.meta.url);
process.argv.splice(1, 1, new URL('../node_modules/@hey-api/openapi-ts/dist/run.mjs', import.meta.url).pathname);
await import('@hey-api/openapi-ts/package.json', { with: { type: 'json' } }); // fail early when it is not installed
await import(new URL('../node_modules/@hey-api/openapi-ts/dist/run.mjs', import.meta.url).href);
