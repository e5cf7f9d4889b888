// `npm run bench`: builds, starts the app on loopback with a bench dataset, runs each
// benchmark and prints a Markdown report (also written to test-results/bench.md).
// docs/benchmarks.md is updated by hand from a run, with the machine and date.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedSql } from "../../scripts/seed.ts";
import { hashToken } from "../../worker/auth/tokens.ts";
import { apiLatencyReport } from "./benchmarks/api-latency.ts";
import { chatFanoutReport, prepareChatFanout } from "./benchmarks/chat-fanout.ts";
import { lighthouseScores, lighthouseTable } from "./benchmarks/lighthouse.ts";
import { pageWeightReport } from "./benchmarks/page-weight.ts";
import { build, prepareState, root, startServer, writeTempSql } from "./server.ts";

const BENCH_TOKEN = "benchsessiontoken0000000000000000";

if (!process.argv.includes("--no-build")) build();

const sessionSql = `INSERT INTO sessions (id, user_id, expires_at) VALUES ('${hashToken(BENCH_TOKEN)}', 'demo-ana', ${Date.now() + 86_400_000});\n`;
const stateDir = prepareState([writeTempSql("seed.sql", (await seedSql()) + sessionSql)]);
const server = await startServer(stateDir);

const sections: string[] = [];
let ok = true;
try {
  sections.push(
    `# Rodamos benchmarks\n\nRun ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
  );
  sections.push(`## Page weight\n\n${pageWeightReport()}`);
  const api = await apiLatencyReport(server.baseURL, `rodamos_session=${BENCH_TOKEN}`);
  ok &&= api.ok;
  sections.push(`## API latency (20 connections, 10 s each)\n\n${api.markdown}`);
  const fanout = await prepareChatFanout(server.baseURL);
  sections.push(await chatFanoutReport(server.baseURL, fanout.cookies, fanout.rideId));
  if (!process.argv.includes("--no-lighthouse")) {
    const cookie = `rodamos_session=${BENCH_TOKEN}`;
    const rows = await lighthouseScores(server.baseURL, [
      { name: "/", path: "/" },
      { name: "/blog", path: "/blog" },
      { name: "/blog/seguridad-rodando-en-grupo", path: "/blog/seguridad-rodando-en-grupo" },
      { name: "/app/login", path: "/app/login" },
      { name: "/app/feed (signed in)", path: "/app/feed", cookie },
    ]);
    sections.push(`## Lighthouse (mobile, Debian Chromium)\n\n${lighthouseTable(rows)}`);
  }
} finally {
  server.stop();
}

const report = `${sections.join("\n\n")}\n`;
writeFileSync(path.join(root, "test-results/bench.md"), report);
console.log(`\n${report}`);
if (!ok) {
  console.error("Some requests failed (non-2xx or errors): see the tables above.");
  process.exit(1);
}
