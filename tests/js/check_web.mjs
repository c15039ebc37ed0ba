// The web table's modules (src/cardrules/serve/static/js), type-checked by tsc --checkJs against
// @cardrules/client's declarations. The page imports the client from "../client/index.js" (the
// server's /client/), so the check lays the page out as the server does, in a scratch folder:
// js/ the page's modules, client/ the package's modules with its index.d.ts and types.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const scratch = mkdtempSync(join(tmpdir(), "cardrules-web-"));
try {
  cpSync(join(root, "src", "cardrules", "serve", "static", "js"), join(scratch, "js"), { recursive: true });
  cpSync(join(root, "clients", "js", "src"), join(scratch, "client"), { recursive: true });
  cpSync(join(root, "clients", "js", "index.d.ts"), join(scratch, "client", "index.d.ts"));
  cpSync(join(root, "clients", "js", "types"), join(scratch, "client", "types"), { recursive: true });
  const config = {
    compilerOptions: {
      allowJs: true,
      checkJs: true,
      noEmit: true,
      target: "ES2022",
      module: "ES2022",
      moduleResolution: "bundler",
      lib: ["ES2022", "DOM", "DOM.Iterable"],
      types: [],
      strict: true,
      skipLibCheck: false,
    },
    include: ["js/**/*.js"],
  };
  writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify(config, null, 2));
  const tsc = join(here, "node_modules", "typescript", "bin", "tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: scratch, stdio: "pipe", encoding: "utf-8" });
  } catch (error) {
    const out = `${error.stdout ?? ""}${error.stderr ?? ""}`.replace(/^js\//gm, "src/cardrules/serve/static/js/");
    process.stderr.write(out);
    process.exitCode = 1;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
