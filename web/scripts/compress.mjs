// The console's hashed assets, precompressed at build (docs/console.md, "Building and serving"): a brotli (.br)
// and a gzip (.gz) copy beside each script and style, at the strongest settings, since it is done once per build.
// The server answers each request with the copy its Accept-Encoding accepts (service/entrypoints/console/assets.py).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = join(process.argv[2] ?? "../service/entrypoints/console/static", "assets");
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;

for (const name of readdirSync(assets).filter((n) => COMPRESSIBLE.test(n))) {
  const path = join(assets, name);
  const body = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }));
}
