// Turn every React component of @letele/playing-cards into a plain SVG file named in
// engine notation (AC, 10H, QS, JK1, back1, ...).
// Usage (from a folder where `npm install @letele/playing-cards react react-dom` was run):
//   node /path/to/to_svg.mjs OUT_DIR
import { createRequire } from "node:module";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// Resolve packages from the working directory, not from this script's folder (the repo).
const require = createRequire(join(process.cwd(), "noop.js"));
const load = async (name) => import(pathToFileURL(require.resolve(name)).href);

const outDir = process.argv[2];
if (!outDir) {
  console.error("usage: node to_svg.mjs OUT_DIR");
  process.exit(2);
}

const React = await load("react");
const { renderToStaticMarkup } = await load("react-dom/server");
const pkgJson = require("@letele/playing-cards/package.json");
const deck = await import(
  pathToFileURL(join(require.resolve("@letele/playing-cards/package.json"), "..", pkgJson.module)).href
);

// Package names are SUIT + rank (e.g. "Sq", "H10", "Ca"); jokers J1/J2, backs B1/B2.
function engineName(component) {
  if (/^J[12]$/.test(component)) return `JK${component[1]}`;
  if (/^B[12]$/.test(component)) return `back${component[1]}`;
  const m = /^([CDHS])(a|j|q|k|[2-9]|10)$/.exec(component);
  if (!m) throw new Error(`unexpected component name ${component}`);
  return `${m[2].toUpperCase()}${m[1]}`;
}

mkdirSync(outDir, { recursive: true });
const names = Object.keys(deck).sort();
for (const component of names) {
  const markup = renderToStaticMarkup(React.createElement(deck[component]));
  writeFileSync(join(outDir, `${engineName(component)}.svg`), markup);
}
console.log(`${pkgJson.name}@${pkgJson.version}: wrote ${names.length} SVG files to ${outDir}`);
