// The serve protocol's JSON Schema (src/cardrules/serve/protocol.schema.json) compiled by ajv in
// strict mode, for the draft it declares (2020-12): an unknown keyword, a `required` property that
// no `properties` beside it declares, a keyword that does not apply to the type... each fails a
// client that compiles the schema strictly, and so fails here. Exits 1, naming the problem, if the
// schema does not compile or ajv warns. Run from anywhere: node tests/js/check_schema.mjs [SCHEMA]
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const here = dirname(fileURLToPath(import.meta.url));
const path = process.argv[2] ?? resolve(here, "../../src/cardrules/serve/protocol.schema.json");
const schema = JSON.parse(readFileSync(path, "utf8"));
const declared = "https://json-schema.org/draft/2020-12/schema";
if (schema.$schema !== declared) {
  console.error(`${path}: declares ${schema.$schema}; this check compiles ${declared}`);
  process.exit(1);
}
// A restriction set to "log" only warns: collect warnings, and fail on them too.
const warnings = [];
const logger = { log() {}, warn: (...parts) => warnings.push(parts.join(" ")), error: (...parts) => warnings.push(parts.join(" ")) };
const ajv = new Ajv2020({ strict: true, allErrors: true, logger });
addFormats(ajv);
try {
  ajv.compile(schema);
} catch (error) {
  console.error(`${path}: does not compile under ajv's strict mode: ${error.message}`);
  process.exit(1);
}
if (warnings.length > 0) {
  console.error(`${path}: ajv's strict mode warns:\n${warnings.join("\n")}`);
  process.exit(1);
}
console.log(`${path}: compiles under ajv's strict mode (draft 2020-12)`);
