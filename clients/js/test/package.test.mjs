// The package as it ships: its TypeScript declarations accepted by `tsc --strict` with a consumer
// program (and a mistake in one refused), the generated protocol types up to date with the schema,
// and `npm pack` holding exactly the intended files.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, "..");
const tsc = join(pkg, "node_modules", "typescript", "bin", "tsc");

function typecheck(files) {
  const args = [tsc, "--noEmit", "--strict", "--target", "ES2022", "--module", "NodeNext", "--moduleResolution", "NodeNext", "--lib", "ES2022,DOM", ...files];
  return spawnSync(process.execPath, args, { cwd: pkg, encoding: "utf8" });
}

test("tsc --strict accepts the declarations and a consumer of them", () => {
  const done = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: pkg, encoding: "utf8" });
  assert.equal(done.status, 0, done.stdout + done.stderr);
  const alone = typecheck(["index.d.ts", "types/protocol.d.ts", "types/games.d.ts", "test/types/consumer.ts"]);
  assert.equal(alone.status, 0, alone.stdout + alone.stderr);
});

test("tsc --strict refuses a consumer that misuses them", () => {
  const broken = join(here, "types", `broken-${process.pid}.ts`);
  writeFileSync(
    broken,
    `import { connect, type Games } from "@cardrules/client";
export async function f(url: string): Promise<void> {
  const client = await connect(url);
  await client.request("play", { table: "t", mvoe: "QS" });
  const reply = await client.request("games");
  const wrong: string = reply.protocol;
  const view = {} as Games.Clubs.View;
  const hand: number[] = view.hand;
  console.log(wrong, hand);
}
`,
  );
  try {
    const done = typecheck([broken]);
    assert.notEqual(done.status, 0);
    for (const problem of ["'mvoe' does not exist", "Type 'number' is not assignable to type 'string'", "Type 'string[]' is not assignable to type 'number[]'"]) {
      assert.ok(done.stdout.includes(problem), `tsc did not say ${problem}:\n${done.stdout}`);
    }
  } finally {
    rmSync(broken, { force: true });
  }
});

test("types/protocol.d.ts is what the schema gives", () => {
  const done = spawnSync(process.execPath, [join(pkg, "scripts", "generate_types.mjs"), "--check"], { cwd: pkg, encoding: "utf8" });
  assert.equal(done.status, 0, done.stdout + done.stderr);
});

test("npm pack holds exactly the modules, the declarations, the README, the LICENSE and package.json", () => {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const [packed] = JSON.parse(execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: pkg, encoding: "utf8" }));
  const files = packed.files.map((f) => f.path).sort();
  const modules = readdirSync(join(pkg, "src")).filter((name) => name.endsWith(".js")).map((name) => `src/${name}`);
  assert.ok(modules.includes("src/index.js") && modules.includes("src/client.js") && modules.includes("src/deal.js"));
  const expected = ["LICENSE", "README.md", "index.d.ts", "package.json", ...modules, "types/games.d.ts", "types/protocol.d.ts"].sort();
  assert.deepEqual(files, expected);
  assert.equal(packed.name, "@cardrules/client");
});
