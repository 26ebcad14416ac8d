// The console's import boundaries (bulletproof-react's feature folders; issue 30, item 8). TypeScript 7 has no
// JavaScript API for typescript-eslint, so Babel parses the sources for ESLint (types are tsc's job).
import babelParser from "@babel/eslint-parser";
import importX from "eslint-plugin-import-x";
import { readdirSync } from "node:fs";

const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default [
  { ignores: ["dist/**", "node_modules/**", "src/graphql/generated.ts"] },
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: {
      parser: babelParser,
      parserOptions: {
        requireConfigFile: false,
        babelOptions: { babelrc: false, configFile: false, presets: [["@babel/preset-typescript", { isTSX: true, allExtensions: true }], ["@babel/preset-react", { runtime: "automatic" }]] },
      },
    },
    plugins: { "import-x": importX },
    settings: { "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } } },
    rules: {
      "import-x/no-restricted-paths": ["error", {
        zones: [
          // A feature never imports another: what two features share goes to components/ or lib/, and app/ composes.
          ...features.map((name) => ({
            target: `./src/features/${name}`, from: "./src/features", except: [`./${name}`],
            message: "features never import each other: share through components/ or lib/, compose in app/",
          })),
          // Shared code never reaches up into features or the app.
          { target: ["./src/components", "./src/lib", "./src/graphql", "./src/testing"], from: ["./src/features", "./src/app"],
            message: "shared code never imports features or the app" },
        ],
      }],
    },
  },
];
